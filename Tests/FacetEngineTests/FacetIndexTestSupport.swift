import CatalogModel
import SyntheticData

@testable import FacetEngine

/// The index tests' generator: SplitMix64, so every failing case can be replayed by seed.
typealias FacetTestRNG = SplitMix64

extension SplitMix64 {
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
}

/// One catalog row as the caller would pass it.
struct FacetTestRow: Equatable {
    var item: UInt32
    var kind: Kind
    var visible: Bool
    var tags: [TagDimension: [Int64]]
}

/// Random rows and filters over a small id space per dimension, so filters hit often.
struct FacetTestCatalog {
    /// Value ids per dimension: dimension d uses ids 100*d + 1 … 100*d + valueCounts[d].
    var valueCounts: [TagDimension: Int]

    init(rng: inout FacetTestRNG) {
        valueCounts = Dictionary(uniqueKeysWithValues: TagDimension.allCases.map { ($0, 1 + rng.below(12)) })
    }

    func randomID(_ dimension: TagDimension, rng: inout FacetTestRNG) -> Int64 {
        // Skewed: low ids are much more common.
        let count = valueCounts[dimension] ?? 1
        let skewed = min(rng.below(count), rng.below(count))
        return Int64(100 * (dimension.facetOrdinal + 1) + 1 + skewed)
    }

    /// Tags for one item: usually its kind's dimensions, sometimes a foreign one (to be
    /// ignored), sometimes repeated ids, sometimes empty dimensions.
    func randomTags(kind: Kind, rng: inout FacetTestRNG) -> [TagDimension: [Int64]] {
        var tags: [TagDimension: [Int64]] = [:]
        for dimension in TagDimension.allCases {
            let allowed = kind.dimensions.contains(dimension)
            guard allowed ? rng.chance(80) : rng.chance(5) else { continue }
            var ids = (0..<rng.below(4)).map { _ in randomID(dimension, rng: &rng) }
            if let first = ids.first, rng.chance(10) { ids.append(first) }
            tags[dimension] = ids
        }
        return tags
    }

    func randomRow(item: UInt32, rng: inout FacetTestRNG) -> FacetTestRow {
        let kind = rng.pick(Kind.allCases)
        return FacetTestRow(item: item, kind: kind, visible: !rng.chance(15), tags: randomTags(kind: kind, rng: &rng))
    }

    /// `size` rows with item numbers 0 ..< size, some numbers skipped.
    func randomRows(size: Int, rng: inout FacetTestRNG) -> [FacetTestRow] {
        (0..<size).compactMap { number in
            rng.chance(5) ? nil : randomRow(item: UInt32(number), rng: &rng)
        }
    }

    /// 0–3 dimensions (any dimension, usable or not) with 0–3 ids each, some unknown.
    func randomFilters(rng: inout FacetTestRNG) -> SelectedTags {
        var filters = SelectedTags()
        for _ in 0..<rng.below(4) {
            let dimension = rng.pick(TagDimension.allCases)
            filters[dimension] = (0..<rng.below(4)).map { _ in
                rng.chance(10) ? Int64(9_000 + rng.below(50)) : randomID(dimension, rng: &rng)
            }
        }
        return filters
    }
}

/// The brute-force reference: a literal reading of the rules over the final rows.
enum FacetReference {
    static func passes(_ row: FacetTestRow, kind: Kind, filters: SelectedTags, except: TagDimension?) -> Bool {
        guard row.kind == kind, row.visible else { return false }
        for dimension in TagDimension.allCases where dimension != except {
            let selected = filters[dimension]
            if selected.isEmpty { continue }
            if !kind.dimensions.contains(dimension) { return false }
            if Set(selected).isDisjoint(with: row.tags[dimension] ?? []) { return false }
        }
        return true
    }

    static func matching(_ rows: [FacetTestRow], kind: Kind, filters: SelectedTags) -> [UInt32] {
        rows.filter { passes($0, kind: kind, filters: filters, except: nil) }.map(\.item).sorted()
    }

    static func counts(_ rows: [FacetTestRow], kind: Kind, filters: SelectedTags) -> RawFacetCounts {
        var result = RawFacetCounts(total: matching(rows, kind: kind, filters: filters).count, counts: [:])
        for dimension in kind.dimensions {
            var counts: [Int64: Int] = [:]
            for row in rows where passes(row, kind: kind, filters: filters, except: dimension) {
                for id in Set(row.tags[dimension] ?? []) { counts[id, default: 0] += 1 }
            }
            result.counts[dimension] = counts
        }
        return result
    }
}

extension FacetIndex {
    static func build(_ rows: [FacetTestRow], layout: Layout = .standard) -> FacetIndex {
        var builder = Builder(layout: layout)
        for row in rows { builder.add(item: row.item, kind: row.kind, visible: row.visible, tags: row.tags) }
        return builder.build()
    }
}

extension FacetIndex.Layout {
    /// Every posting list a sorted array.
    static let allSparse = FacetIndex.Layout(denseDivisor: 1, minDenseCount: Int.max)
    /// Every non-empty posting list a bitset.
    static let allDense = FacetIndex.Layout(denseDivisor: 1 << 20, minDenseCount: 0)
    static let all: [FacetIndex.Layout] = [.standard, .allSparse, .allDense]
}

/// Every difference between `index` and the reference over `rows` for one query, as text.
func facetMismatches(_ index: FacetIndex, _ rows: [FacetTestRow], kind: Kind, filters: SelectedTags) -> [String] {
    var problems: [String] = []
    let expected = FacetReference.counts(rows, kind: kind, filters: filters)
    for strategy in FacetIndex.CountingStrategy.allCases {
        let actual = index.counts(kind: kind, filters: filters, strategy: strategy)
        if actual != expected { problems.append("\(strategy) counts \(kind) \(filters): \(actual) != \(expected)") }
    }
    let matching = FacetReference.matching(rows, kind: kind, filters: filters)
    if index.matching(kind: kind, filters: filters) != matching { problems.append("matching \(kind) \(filters)") }
    if index.matchCount(kind: kind, filters: filters) != matching.count {
        problems.append("matchCount \(kind) \(filters)")
    }
    return problems
}
