import CatalogModel
import Foundation
import LibraryClient
import SyntheticData

/// The facet bench's generator (deterministic per seed).
typealias FacetBenchRNG = SplitMix64

extension SplitMix64 {
    mutating func chance(_ probability: Double) -> Bool { unit() < probability }
}

/// One dimension's synthetic vocabulary: scattered rowid-like ids with Zipf-skewed popularity.
struct FacetBenchVocabulary {
    let ids: [Int64]
    private let cumulative: [Double]

    init(count: Int, base: Int64, rng: inout FacetBenchRNG, exponent: Double = 1.1) {
        var next = base
        ids = (0..<count).map { _ in
            next += Int64(1 + rng.below(4))
            return next
        }
        var running = 0.0
        cumulative = (1...count).map { rank in
            running += 1 / pow(Double(rank), exponent)
            return running
        }
    }

    /// A value by popularity (rank 1 most likely).
    func popular(_ rng: inout FacetBenchRNG) -> Int64 {
        let target = rng.unit() * (cumulative.last ?? 0)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return ids[low]
    }

    /// A value picked uniformly: usually one of the rare ones.
    func uniform(_ rng: inout FacetBenchRNG) -> Int64 { ids[rng.below(ids.count)] }
}

/// One synthetic row, kept in the plain form the naive reference loops over.
struct FacetBenchRow {
    var kind: Kind
    var visible: Bool
    var tags: [TagDimension: [Int64]]
}

/// A synthetic library: 10 % music, 40 % atmosphere, 50 % sfx, 2 % hidden; per dimension a
/// few very common values and many rare ones; 1–3 values per dimension, some dimensions empty.
struct FacetBenchLibrary {
    var vocabularies: [TagDimension: FacetBenchVocabulary] = [:]
    var rows: [FacetBenchRow] = []

    init(items: Int, seed: UInt64) {
        var rng = FacetBenchRNG(seed: seed)
        let sizes: [TagDimension: Int] = [
            .location: 15 + rng.below(5), .mood: 15 + rng.below(5), .musicTheme: 100 + rng.below(201),
            .atmosphereTheme: 100 + rng.below(201), .sfxTheme: 100 + rng.below(201), .creatureType: 14 + rng.below(27),
        ]
        for dimension in TagDimension.allCases {
            let base = Int64(1 + rng.below(50)) * 1_000
            vocabularies[dimension] = FacetBenchVocabulary(count: sizes[dimension] ?? 1, base: base, rng: &rng)
        }
        rows.reserveCapacity(items)
        for _ in 0..<items {
            let roll = rng.unit()
            let kind: Kind = roll < 0.1 ? .music : roll < 0.5 ? .atmosphere : .sfx
            var tags: [TagDimension: [Int64]] = [:]
            for dimension in kind.dimensions {
                guard let vocabulary = vocabularies[dimension], !rng.chance(0.15) else { continue }
                var ids: [Int64] = []
                for _ in 0..<1 + rng.below(3) {
                    let id = vocabulary.popular(&rng)
                    if !ids.contains(id) { ids.append(id) }
                }
                tags[dimension] = ids
            }
            rows.append(FacetBenchRow(kind: kind, visible: !rng.chance(0.02), tags: tags))
        }
    }

    /// A random query: 0–3 of the kind's dimensions with 1–3 values each (or 0 dimensions),
    /// values mostly popular, some rare, some that do not exist.
    func randomQuery(_ rng: inout FacetBenchRNG) -> (Kind, Filters) {
        let kind = Kind.allCases[rng.below(3)]
        var filters = Filters()
        var dimensions = kind.dimensions
        for _ in 0..<rng.below(4) where !dimensions.isEmpty {
            let dimension = dimensions.remove(at: rng.below(dimensions.count))
            guard let vocabulary = vocabularies[dimension] else { continue }
            filters[dimension] = (0..<1 + rng.below(3)).map { _ in
                let roll = rng.unit()
                return roll < 0.6 ? vocabulary.popular(&rng) : roll < 0.9 ? vocabulary.uniform(&rng) : 987_654_321
            }
        }
        return (kind, filters)
    }
}
