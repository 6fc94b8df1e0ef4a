import CatalogModel
import Foundation
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// Random catalogs and random filters: the facet-index answers must equal the plain-SQL answers,
/// and both must equal a brute-force count over the seed itself.
@Suite struct FacetPropertyTests {
    static func names(_ dim: TagDimension) -> [String] {
        let count = [TagDimension.location: 7, .mood: 5, .creatureType: 4][dim] ?? 4
        return (0..<count).map { "\(dim.vocabularyKey.capitalized) \($0)" }
    }

    static func randomTags(kind: Kind, _ rng: inout SplitMix64) -> TagSet {
        var tags = TagSet()
        for dim in kind.dimensions {
            let picked = names(dim).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            tags[dim.tagsKey] = picked
        }
        return tags
    }

    /// A random seed; items with `n % hideModulo == 0` are dropped in the second version.
    static func randomSeed(_ seedValue: UInt64, version: Int, hideModulo: Int?) -> Seed {
        var rng = SplitMix64(seed: seedValue)
        var n = 1
        var music: [Seed.MusicEntry] = []
        for _ in 0..<Int.random(in: 5...15, using: &rng) {
            music.append(
                SeedFactory.music(
                    n, "Music \(Int.random(in: 0...999, using: &rng))", tags: randomTags(kind: .music, &rng)))
            n += 1
        }
        var packs: [Seed.Pack] = []
        for p in 0..<4 {
            let kind: Kind = p % 2 == 0 ? .sfx : .atmosphere
            var items: [Seed.Item] = []
            for i in 0..<Int.random(in: 5...30, using: &rng) {
                items.append(
                    SeedFactory.item(
                        n, "Item \(Int.random(in: 0...999, using: &rng))", order: i,
                        duration: Bool.random(using: &rng) ? Double(Int.random(in: 1...90, using: &rng)) : nil,
                        tags: randomTags(kind: kind, &rng)))
                n += 1
            }
            packs.append(SeedFactory.pack(10_000 + p, "pack-\(p)", kind: kind, items: items))
        }
        if let hideModulo {
            music.removeAll { Int($0.id.suffix(12))! % hideModulo == 0 }
            for p in packs.indices { packs[p].items.removeAll { Int($0.id.suffix(12))! % hideModulo == 0 } }
        }
        return SeedFactory.seed(
            version: version,
            vocabulary: Dictionary(uniqueKeysWithValues: TagDimension.allCases.map { ($0, names($0)) }),
            music: music, packs: packs)
    }

    /// Brute force over the seed: disjunctive counts by name, and the matching ids.
    static func bruteForce(_ seed: Seed, kind: Kind, filter: [TagDimension: Set<String>]) -> (
        ids: Set<String>, counts: [TagDimension: [String: Int]]
    ) {
        var entries: [(String, TagSet)] = []
        if kind == .music { entries = seed.music.map { ($0.id, $0.tags) } }
        for pack in seed.packs where pack.kind == kind { entries += pack.items.map { ($0.id, $0.tags) } }
        func matches(_ tags: TagSet, except: TagDimension?) -> Bool {
            filter.allSatisfy { dim, wanted in dim == except || !wanted.isDisjoint(with: tags[dim.tagsKey]) }
        }
        var counts: [TagDimension: [String: Int]] = [:]
        for dim in kind.dimensions {
            for (_, tags) in entries where matches(tags, except: dim) {
                for name in Set(tags[dim.tagsKey]) { counts[dim, default: [:]][name, default: 0] += 1 }
            }
        }
        return (Set(entries.filter { matches($0.1, except: nil) }.map(\.0)), counts)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func indexEqualsSQLEqualsBruteForce(seedValue: UInt64) async throws {
        let h = try Harness(mode: .facetIndex)
        try await h.publishAndSync(Self.randomSeed(seedValue, version: 1, hideModulo: nil))
        let seed = Self.randomSeed(seedValue, version: 2, hideModulo: 5)
        try await h.publishAndSync(seed)
        let indexed = try h.reopen(mode: .facetIndex)
        let plain = try h.reopen(mode: .sql)
        var rng = SplitMix64(seed: seedValue &* 7919)
        for round in 0..<40 {
            let kind = Kind.allCases[round % 3]
            var byName: [TagDimension: Set<String>] = [:]
            for dim in kind.dimensions where Int.random(in: 0..<3, using: &rng) > 0 {
                byName[dim] = Set(Self.names(dim).filter { _ in Int.random(in: 0..<3, using: &rng) == 0 })
                if byName[dim]!.isEmpty { byName[dim] = nil }
            }
            let filters = try await plain.resolver.resolve(byName.mapValues { Array($0) })
            let expected = Self.bruteForce(seed, kind: kind, filter: byName)
            let fromSQL = try await plain.facets.fetchFacetCounts(kind: kind, filters: filters)
            let fromIndex = try await indexed.facets.fetchFacetCounts(kind: kind, filters: filters)
            #expect(fromIndex == fromSQL, "round \(round) \(kind) \(byName)")
            #expect(fromSQL.total == expected.ids.count)
            for dim in kind.dimensions {
                let got = Dictionary(uniqueKeysWithValues: (fromSQL.facets[dim] ?? []).map { ($0.name, $0.count) })
                #expect(got == (expected.counts[dim] ?? [:]), "round \(round) \(dim)")
            }
            let sort = ItemSort.allCases[round % 3]
            let page = PageRequest(limit: round % 4 == 0 ? nil : 7, offset: round % 5)
            let listSQL = try await plain.items.fetchItems(kind: kind, filters: filters, sort: sort, page: page)
            let listIndex = try await indexed.items.fetchItems(kind: kind, filters: filters, sort: sort, page: page)
            #expect(listIndex == listSQL, "round \(round) \(sort)")
            #expect(listSQL.total == expected.ids.count)
            let all = try await plain.items.fetchItems(kind: kind, filters: filters, sort: sort)
            #expect(Set(all.map(\.id)) == expected.ids)
        }
    }
}
