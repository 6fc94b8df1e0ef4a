import CatalogModel
import Testing

@testable import FacetEngine

/// Random catalogs × random filters: every counting strategy, `matching` and `matchCount`
/// agree with the brute-force reference, under every posting-list layout.
@Suite struct FacetIndexPropertyTests {
    static let sizes = [0, 1, 2, 3, 7, 20, 64, 65, 150, 400, 1_500]

    @Test(arguments: 0..<60)
    func randomCatalogsMatchReference(seed: Int) {
        var rng = FacetTestRNG(seed: UInt64(seed) &* 7_919 &+ 1)
        let catalog = FacetTestCatalog(rng: &rng)
        let rows = catalog.randomRows(size: Self.sizes[seed % Self.sizes.count], rng: &rng)
        let layout = FacetIndex.Layout.all[seed % FacetIndex.Layout.all.count]
        let index = FacetIndex.build(rows, layout: layout)
        #expect(index.itemCount == rows.count)
        var problems: [String] = []
        for _ in 0..<12 {
            let filters = catalog.randomFilters(rng: &rng)
            for kind in Kind.allCases { problems += facetMismatches(index, rows, kind: kind, filters: filters) }
        }
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
    }

    /// A builder handing its arrays over (`take()`, the streamed import's) gives the index
    /// `build()` gives, also after items were added out of order or replaced, and is empty after.
    @Test(arguments: 0..<12)
    func takingTheBuildersArraysGivesTheSameIndex(seed: Int) {
        var rng = FacetTestRNG(seed: UInt64(seed) &+ 41)
        let catalog = FacetTestCatalog(rng: &rng)
        let rows = catalog.randomRows(size: Self.sizes[seed % Self.sizes.count], rng: &rng)
        var builder = FacetIndex.Builder(layout: FacetIndex.Layout.all[seed % 3])
        let shuffled = seed % 2 == 0 ? rows : rows.reversed() + rows.prefix(rows.count / 3)
        for row in shuffled { builder.add(item: row.item, kind: row.kind, visible: row.visible, tags: row.tags) }
        let built = builder.build()
        let taken = builder.take()
        #expect(taken.serialized(stamp: "s") == built.serialized(stamp: "s"), "seed \(seed)")
        #expect(builder.build().itemNumberBound == 0 && builder.build().itemCount == 0)
    }

    /// Each single value selected alone and paired with a value of another dimension.
    @Test(arguments: 0..<8)
    func everySingleValueFilterMatchesReference(seed: Int) {
        var rng = FacetTestRNG(seed: 0xFACE &+ UInt64(seed))
        let catalog = FacetTestCatalog(rng: &rng)
        let rows = catalog.randomRows(size: 300, rng: &rng)
        let index = FacetIndex.build(rows, layout: FacetIndex.Layout.all[seed % 3])
        var problems: [String] = []
        for dimension in TagDimension.allCases {
            for offset in 0..<(catalog.valueCounts[dimension] ?? 0) {
                var filters = SelectedTags()
                filters[dimension] = [Int64(100 * (dimension.facetOrdinal + 1) + 1 + offset)]
                for kind in Kind.allCases { problems += facetMismatches(index, rows, kind: kind, filters: filters) }
                let other = rng.pick(TagDimension.allCases.filter { $0 != dimension })
                filters[other] = [catalog.randomID(other, rng: &rng)]
                for kind in Kind.allCases { problems += facetMismatches(index, rows, kind: kind, filters: filters) }
            }
        }
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
    }

    /// Rows added out of order and more than once: the last add of an item wins.
    @Test(arguments: 0..<10)
    func shuffledAndRepeatedAddsMatchReference(seed: Int) {
        var rng = FacetTestRNG(seed: 0xADD5 &+ UInt64(seed))
        let catalog = FacetTestCatalog(rng: &rng)
        var rows = catalog.randomRows(size: 200, rng: &rng)
        var builder = FacetIndex.Builder()
        var final: [UInt32: FacetTestRow] = [:]
        for _ in 0..<400 {
            guard !rows.isEmpty else { break }
            var row = rows[rng.below(rows.count)]
            if rng.chance(30) { row = catalog.randomRow(item: row.item, rng: &rng) }
            builder.add(item: row.item, kind: row.kind, visible: row.visible, tags: row.tags)
            final[row.item] = row
        }
        rows = final.values.sorted { $0.item < $1.item }
        let index = builder.build()
        var problems: [String] = []
        for _ in 0..<15 {
            let filters = catalog.randomFilters(rng: &rng)
            for kind in Kind.allCases { problems += facetMismatches(index, rows, kind: kind, filters: filters) }
        }
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
    }

    /// Thousands of values per dimension, ids anywhere in Int64 (negative, huge): value ids are
    /// data, never assumed small or dense.
    @Test(arguments: 0..<4)
    func largeVocabulariesAndExtremeIDs(seed: Int) {
        var rng = FacetTestRNG(seed: 0xB16 &+ UInt64(seed))
        let extremes: [Int64] = [.min, .max, -1, 0, 1 << 40]
        func randomID() -> Int64 {
            rng.chance(5) ? rng.pick(extremes) : Int64(bitPattern: rng.next() % 4_000 &* 0x9E37_79B9)
        }
        var rows: [FacetTestRow] = []
        for item in 0..<3_000 {
            let kind = rng.pick(Kind.allCases)
            var tags: [TagDimension: [Int64]] = [:]
            for dimension in kind.dimensions { tags[dimension] = (0..<rng.below(4)).map { _ in randomID() } }
            rows.append(FacetTestRow(item: UInt32(item), kind: kind, visible: !rng.chance(5), tags: tags))
        }
        let index = FacetIndex.build(rows, layout: FacetIndex.Layout.all[seed % 3])
        var problems: [String] = []
        for _ in 0..<25 {
            var filters = SelectedTags()
            for dimension in TagDimension.allCases where rng.chance(30) {
                filters[dimension] = (0...rng.below(3)).map { _ in
                    rng.chance(50) ? randomID() : rng.pick(rows).tags[dimension]?.first ?? 7
                }
            }
            for kind in Kind.allCases { problems += facetMismatches(index, rows, kind: kind, filters: filters) }
        }
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(2))")
    }

    /// The slot table agrees with `Kind.dimensions`, the schema's source of truth.
    @Test func slotsFollowKindDimensions() {
        var seen = Set<Int>()
        for kind in Kind.allCases {
            for dimension in TagDimension.allCases {
                let slot = FacetSlots.slot(kind: kind.facetOrdinal, dimension: dimension.facetOrdinal)
                #expect((slot != nil) == kind.dimensions.contains(dimension))
                if let slot { #expect(seen.insert(slot).inserted) }
            }
        }
        #expect(seen == Set(0..<FacetSlots.count))
        #expect(FacetSlots.slot(kind: 0, dimension: 7) == nil && FacetSlots.slot(kind: 3, dimension: 0) == nil)
    }
}
