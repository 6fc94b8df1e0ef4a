import CatalogModel

extension PackItemAppender {
    /// The pack.yaml lines of one new item, in the order the format lists its keys.
    static func itemLines(_ item: Added, indent: String) -> [String] {
        var lines = [
            "\(indent)- id: \(item.id)",
            "\(indent)  title: \(YAMLText.quoted(item.title))",
        ]
        if let subtitle = item.subtitle { lines.append("\(indent)  subtitle: \(YAMLText.quoted(subtitle))") }
        lines.append(
            item.files.map { "\(indent)  files: [\($0.map(YAMLText.quoted).joined(separator: ", "))]" }
                ?? "\(indent)  file: \(YAMLText.quoted(item.file))")
        if item.loopable == true { lines.append("\(indent)  loopable: true") }
        if let ucs = item.ucs { lines.append("\(indent)  ucs: \(YAMLText.quoted(ucs))") }
        for (key, names) in (item.tags ?? [:]).sorted(by: { $0.key < $1.key }) where !names.isEmpty {
            lines.append("\(indent)  tags: {\(key): [\(names.map(YAMLText.quoted).joined(separator: ", "))]}")
        }
        if let credits = item.credits, !credits.isEmpty {
            lines.append("\(indent)  credits: [\(credits.map(YAMLText.quoted).joined(separator: ", "))]")
        }
        return lines
    }
}
