import CatalogModel

/// Counts, per dimension and value, how many items (music entries and pack items) carry a tag.
/// An item naming a value twice counts once.
///
/// ```swift
/// var usage = TagUsage()
/// usage.add(summary)             // a pack's counts (PackPageSummary)
/// usage.count(.mood, "Ominous")   // 3
/// ```
struct TagUsage {
    private var counts: [TagDimension: [String: Int]] = [:]
    /// Names seen on items, per dimension, in first-seen order (for names missing from the vocabularies).
    private(set) var seen: [TagDimension: [String]] = [:]
    private var met: [TagDimension: Set<String>] = [:]

    func count(_ dimension: TagDimension, _ name: String) -> Int { counts[dimension]?[name] ?? 0 }

    /// Every value of `dimension`: the vocabulary in sortOrder, then names used on items but
    /// missing from the vocabulary (so the page never hides a tag).
    func values(_ dimension: TagDimension, vocabularies: Vocabularies) -> [ValueView] {
        let listed = vocabularies.entries(for: dimension)
            .enumerated()
            .sorted { ($0.element.sortOrder, $0.offset) < ($1.element.sortOrder, $1.offset) }
            .map(\.element.name)
        let known = Set(listed)
        let extra = (seen[dimension] ?? []).filter { !known.contains($0) }
        return (listed + extra).map { name in
            let n = count(dimension, name)
            return ValueView(name: name, count: n, unused: n == 0)
        }
    }

    /// One item's (or music entry's) tags.
    mutating func add(_ tags: TagSet, kind: Kind) {
        for (dimension, names) in tags.byDimension(for: kind) {
            for name in Set(names) { counts[dimension, default: [:]][name, default: 0] += 1 }
            for name in names { note(dimension, name) }
        }
    }

    /// A pack's counts, its names in the order its items met them.
    mutating func add(_ summary: PackPageSummary) {
        for dimension in TagDimension.allCases {
            for value in summary.tags[dimension.rawValue] ?? [] {
                counts[dimension, default: [:]][value.name, default: 0] += value.count
                note(dimension, value.name)
            }
        }
    }

    private mutating func note(_ dimension: TagDimension, _ name: String) {
        if met[dimension, default: []].insert(name).inserted { seen[dimension, default: []].append(name) }
    }
}
