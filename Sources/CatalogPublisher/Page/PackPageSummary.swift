import CatalogModel

/// What one pack gives the top page: its row, how many of its items carry each tag, and its
/// credited items by license. The top page is made from these alone (``TopPageParts``), so a
/// publish keeps each pack's summary and reads no pack whose files did not change.
///
/// ```swift
/// let summary = PackPageSummary(pack: seedPack, kind: .sfx, title: "Caves", version: 2, size: "1.2 MB")
/// summary.items   // the pack's item count
/// ```
struct PackPageSummary: Codable, Sendable, Equatable {
    var id: String
    var title: String
    var kind: String
    var version: Int
    var size: String
    var items: Int
    /// Per dimension (its raw value): each name in first-seen order with the items carrying it.
    var tags: [String: [NameCount]]
    /// The credited items' figures by license id ("" for items naming credits but no license).
    var credits: [String: CreditPart]

    struct NameCount: Codable, Sendable, Equatable {
        var name: String
        var count: Int
    }

    /// One license's share of a pack: how many credited items, and each distinct credit line with
    /// the place it takes in credits order (the first item carrying it, and its index there).
    struct CreditPart: Codable, Sendable, Equatable {
        var items: Int
        var lines: [CreditLine]
    }

    struct CreditLine: Codable, Sendable, Equatable {
        var line: String
        var title: String
        var id: String
        var index: Int

        static func < (a: CreditLine, b: CreditLine) -> Bool {
            (a.title, a.id, a.index) < (b.title, b.id, b.index)
        }
    }

    init(listing: PackListing, manifest: Manifest?) {
        id = listing.id
        title = listing.title
        kind = listing.kind.rawValue
        version = listing.version
        size = PackListing.size(manifest)
        let items = listing.seedPack?.items ?? []
        self.items = items.count
        var usage: [String: [NameCount]] = [:]
        var positions: [String: [String: Int]] = [:]
        for item in items {
            for (dimension, names) in item.tags.byDimension(for: listing.kind) {
                let key = dimension.rawValue
                for name in names where positions[key]?[name] == nil {
                    positions[key, default: [:]][name] = usage[key, default: []].count
                    usage[key, default: []].append(NameCount(name: name, count: 0))
                }
                for name in Set(names) { usage[key]![positions[key]![name]!].count += 1 }
            }
        }
        tags = usage
        var credits: [String: CreditPart] = [:]
        var lineAt: [String: [String: Int]] = [:]
        for item in items where item.license != nil || item.credits != nil {
            let key = item.license ?? ""
            credits[key, default: CreditPart(items: 0, lines: [])].items += 1
            for (index, credit) in (item.credits ?? []).enumerated() {
                let line = CreditLine(line: credit.line, title: item.title.lowercased(), id: item.id, index: index)
                if let at = lineAt[key]?[line.line] {
                    if line < credits[key]!.lines[at] { credits[key]!.lines[at] = line }
                } else {
                    lineAt[key, default: [:]][line.line] = credits[key]!.lines.count
                    credits[key]!.lines.append(line)
                }
            }
        }
        self.credits = credits
    }

    /// The pack's row on the top page.
    var row: PackRowView {
        PackRowView(
            title: title, kind: kind, version: version, size: size, itemCount: PageFormat.count(items, "item"),
            pageURL: CatalogPage.packPagePath(packId: id))
    }
}
