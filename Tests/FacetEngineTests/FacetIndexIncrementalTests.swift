import CatalogModel
import Testing

@testable import FacetEngine

/// Random upserts, visibility changes and removals give the same answers as a fresh build
/// from the final rows.
@Suite struct FacetIndexIncrementalTests {
    /// Applies `operations` random writes to `index` and `rows` alike.
    static func applyRandomWrites(
        _ operations: Int, to index: inout FacetIndex, rows: inout [UInt32: FacetTestRow],
        catalog: FacetTestCatalog, rng: inout FacetTestRNG
    ) {
        for _ in 0..<operations {
            let bound = max(1, index.itemNumberBound)
            let item = UInt32(rng.chance(10) ? bound + rng.below(5) : rng.below(bound))
            switch rng.below(10) {
            case 0..<5:
                let row = catalog.randomRow(item: item, rng: &rng)
                index.upsert(item: item, kind: row.kind, visible: row.visible, tags: row.tags)
                rows[item] = row
            case 5..<8:
                let visible = rng.chance(50)
                index.setVisible(item: item, visible)
                rows[item]?.visible = visible
            case 8:
                index.remove(item: item)
                rows[item] = nil
            default:
                // Re-tag in place with the same kind (the common edit).
                guard var row = rows[item] else { continue }
                row.tags = catalog.randomTags(kind: row.kind, rng: &rng)
                index.upsert(item: item, kind: row.kind, visible: row.visible, tags: row.tags)
                rows[item] = row
            }
        }
    }

    /// Every difference between two indexes over random filters and every item.
    static func differences(
        _ updated: FacetIndex, _ rebuilt: FacetIndex, catalog: FacetTestCatalog,
        rng: inout FacetTestRNG
    ) -> [String] {
        var problems: [String] = []
        if updated.itemCount != rebuilt.itemCount { problems.append("itemCount") }
        for item in 0..<UInt32(max(updated.itemNumberBound, rebuilt.itemNumberBound)) {
            if updated.kind(of: item) != rebuilt.kind(of: item) || updated.isVisible(item) != rebuilt.isVisible(item)
                || updated.tags(of: item).mapValues(Set.init) != rebuilt.tags(of: item).mapValues(Set.init)
            {
                problems.append("item \(item)")
            }
        }
        for _ in 0..<25 {
            let filters = catalog.randomFilters(rng: &rng)
            for kind in Kind.allCases {
                if updated.counts(kind: kind, filters: filters) != rebuilt.counts(kind: kind, filters: filters)
                    || updated.counts(kind: kind, filters: filters, strategy: .scan)
                        != rebuilt.counts(kind: kind, filters: filters, strategy: .items)
                    || updated.matching(kind: kind, filters: filters) != rebuilt.matching(kind: kind, filters: filters)
                {
                    problems.append("\(kind) \(filters)")
                }
            }
        }
        return problems
    }

    @Test(arguments: 0..<30)
    func randomWritesEqualRebuild(seed: Int) {
        var rng = FacetTestRNG(seed: 0x1AC7 &+ UInt64(seed) &* 31)
        let catalog = FacetTestCatalog(rng: &rng)
        let layout = FacetIndex.Layout.all[seed % 3]
        let initial = catalog.randomRows(size: [0, 1, 10, 120, 600][seed % 5], rng: &rng)
        var index = FacetIndex.build(initial, layout: layout)
        var rows = Dictionary(uniqueKeysWithValues: initial.map { ($0.item, $0) })
        Self.applyRandomWrites(300, to: &index, rows: &rows, catalog: catalog, rng: &rng)
        let finalRows = rows.values.sorted { $0.item < $1.item }
        let rebuilt = FacetIndex.build(finalRows, layout: layout)
        #expect(Self.differences(index, rebuilt, catalog: catalog, rng: &rng).isEmpty, "seed \(seed)")
        var problems: [String] = []
        for _ in 0..<10 {
            let filters = catalog.randomFilters(rng: &rng)
            for kind in Kind.allCases { problems += facetMismatches(index, finalRows, kind: kind, filters: filters) }
        }
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
    }

    /// Enough rewrites to force forward-index compactions and sparse → dense promotions.
    @Test func manyWritesOnALargerCatalog() {
        var rng = FacetTestRNG(seed: 99)
        let catalog = FacetTestCatalog(rng: &rng)
        let initial = catalog.randomRows(size: 2_000, rng: &rng)
        var index = FacetIndex.build(initial, layout: .allSparse)
        index.layout = .standard
        var rows = Dictionary(uniqueKeysWithValues: initial.map { ($0.item, $0) })
        Self.applyRandomWrites(8_000, to: &index, rows: &rows, catalog: catalog, rng: &rng)
        #expect(index.postings.joined().contains { $0.isDense })
        let rebuilt = FacetIndex.build(rows.values.sorted { $0.item < $1.item })
        #expect(Self.differences(index, rebuilt, catalog: catalog, rng: &rng).isEmpty)
    }

    @Test func upsertsIntoAnEmptyIndexEqualABuild() {
        var rng = FacetTestRNG(seed: 7)
        let catalog = FacetTestCatalog(rng: &rng)
        let rows = catalog.randomRows(size: 500, rng: &rng)
        var index = FacetIndex()
        for row in rows.shuffled(using: &rng) {
            index.upsert(item: row.item, kind: row.kind, visible: row.visible, tags: row.tags)
        }
        #expect(Self.differences(index, FacetIndex.build(rows), catalog: catalog, rng: &rng).isEmpty)
    }

    @Test func writesToUnknownItemsAreHarmless() {
        var index = FacetIndex()
        index.setVisible(item: 5, true)
        index.remove(item: 9)
        #expect(index.itemCount == 0 && index.itemNumberBound == 0)
        index.upsert(item: 3, kind: .sfx, visible: true, tags: [.mood: [1]])
        index.upsert(item: 3, kind: .music, visible: false, tags: [.mood: [2]])
        #expect(index.itemCount == 1 && index.itemNumberBound == 4)
        #expect(index.matchCount(kind: .sfx, filters: SelectedTags()) == 0)
        index.setVisible(item: 3, true)
        #expect(index.counts(kind: .music, filters: SelectedTags()).counts[.mood] == [2: 1])
    }
}
