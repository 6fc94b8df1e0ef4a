import CatalogModel

/// The top page's figures gathered pack by pack: the rows, the tag counts (music first, then the
/// packs in order) and the credits by license. Memory holds the summaries' totals, never the
/// items, so the top page of a million items is made from a thousand summaries.
///
/// ```swift
/// var parts = TopPageParts(music: seed.music)
/// for summary in summaries { parts.add(summary) }
/// let model = PageModel.build(document: header, vocabularies: seed.vocabularies, parts: parts)
/// ```
struct TopPageParts {
    private(set) var music: [Seed.MusicEntry]
    private(set) var rows: [PackRowView] = []
    private(set) var itemTotal = 0
    private(set) var usage = TagUsage()
    private var credits: [String: (items: Int, packs: Int, lines: [String: PackPageSummary.CreditLine])] = [:]

    init(music: [Seed.MusicEntry]) {
        self.music = music
        for entry in music { usage.add(entry.tags, kind: .music) }
    }

    /// The parts of every pack of `seed` (with its line in `catalog`, its manifest when known),
    /// in the order of catalog.json and then the seed's.
    init(catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest]) {
        self.init(music: seed.music)
        for listing in PackListing.all(catalog: catalog, seed: seed) {
            add(PackPageSummary(listing: listing, manifest: manifests[listing.id]))
        }
    }

    mutating func add(_ summary: PackPageSummary) {
        rows.append(summary.row)
        itemTotal += summary.items
        usage.add(summary)
        for (license, part) in summary.credits {
            var total = credits[license] ?? (0, 0, [:])
            total.items += part.items
            total.packs += 1
            for line in part.lines where total.lines[line.line].map({ line < $0 }) ?? true {
                total.lines[line.line] = line
            }
            credits[license] = total
        }
    }

    /// Every license of the credited items, in the order of the pack pages' sections (license
    /// ids in order, items naming credits but no license last), each with its first credit lines
    /// in credits order (items by title, then id).
    var licenses: [LicenseSummaryView] {
        credits.sorted { a, b in
            switch (a.key.isEmpty, b.key.isEmpty) {
            case (false, false): a.key < b.key
            case (false, true): true
            default: false
            }
        }.map { license, total in
            let lines = total.lines.values.sorted(by: <).map(\.line)
            return LicenseSummaryView(
                license: license.isEmpty ? nil : license, items: total.items, packs: total.packs, lines: lines)
        }
    }
}
