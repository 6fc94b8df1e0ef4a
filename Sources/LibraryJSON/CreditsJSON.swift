import CatalogFormat
import LibraryClient

/// `client credits --json` and `GET /api/credits`:
/// `{"licenses": [{"license","name","url","attributionRequired","commercialUse","items": [{"id","title","credits","source"}]}]}`,
/// sections by license id, items by title, explicit nulls.
package struct CreditsJSON: Encodable {
    package let sections: [LicenseCredits]

    package init(_ sections: [LicenseCredits]) { self.sections = sections }

    enum Keys: String, CodingKey { case licenses }
    enum SectionKeys: String, CodingKey { case license, name, url, attributionRequired, commercialUse, items }
    enum ItemKeys: String, CodingKey { case id, title, credits, source }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        var list = c.nestedUnkeyedContainer(forKey: .licenses)
        for section in sections {
            var s = list.nestedContainer(keyedBy: SectionKeys.self)
            try s.encode(section.license, forKey: .license)
            try s.encode(section.name, forKey: .name)
            try s.encode(section.url, forKey: .url)
            try s.encode(section.attributionRequired, forKey: .attributionRequired)
            try s.encode(section.commercialUse, forKey: .commercialUse)
            var items = s.nestedUnkeyedContainer(forKey: .items)
            for item in section.items {
                var i = items.nestedContainer(keyedBy: ItemKeys.self)
                try i.encode(item.id, forKey: .id)
                try i.encode(item.title, forKey: .title)
                try i.encode(item.credits, forKey: .credits)
                try i.encode(item.source, forKey: .source)
            }
        }
    }
}

/// The credits as text an app (or a person) can show as is: per license its name, id, URL and
/// terms, then one line per item with who to credit and the source.
package enum CreditsText {
    package static func render(_ sections: [LicenseCredits]) -> String {
        guard !sections.isEmpty else { return "No credited sounds.\n" }
        var out = "Credits\n"
        for section in sections {
            out += "\n" + (section.license.map { "\(section.name) (\($0))" } ?? section.name) + "\n"
            if let url = section.url { out += url + "\n" }
            var terms: [String] = []
            if section.attributionRequired == true { terms.append("attribution required") }
            if section.commercialUse == false { terms.append("non-commercial use only") }
            if !terms.isEmpty { out += terms.joined(separator: "; ").capitalizedFirst + "\n" }
            for item in section.items {
                var line = "  \(item.title)"
                if !item.credits.isEmpty { line += " — " + item.credits.map(\.line).joined(separator: ", ") }
                if let source = item.source { line += " — source: \(source)" }
                out += line + "\n"
            }
        }
        return out
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
