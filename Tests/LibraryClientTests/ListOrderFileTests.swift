import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// The list orders a sync sorts and saves beside the facet index (`facet-orders/`): a fresh
/// process pages through them in the order plain SQL gives, and a damaged or stale file is sorted
/// again, never trusted.
@Suite struct ListOrderFileTests {
    func titles(_ lib: Library, _ kind: Kind, _ sort: ItemSort) async throws -> [String] {
        try await lib.items.fetchItems(kind: kind, filters: Filters(), sort: sort, page: PageRequest(limit: 40)).items
            .map(\.id)
    }

    @Test func aSyncSavesEveryOrderAndAFreshProcessPagesThroughThem() async throws {
        let h = try Harness()
        try await h.publishAndSync(FacetPropertyTests.randomSeed(7, version: 1, hideModulo: nil))
        for kind in Kind.allCases {
            for sort in ItemSort.allCases {
                let file = ItemRanking.file(kind: kind, sort: sort, root: h.root)
                #expect(FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent)")
                let reference = try await titles(try h.reopen(mode: .sql), kind, sort)
                #expect(try await titles(try h.reopen(), kind, sort) == reference)
            }
        }
    }

    /// A first import sorts the orders while the facet index is put in place, and the library
    /// that synced keeps them: its first pages need no sort, and show what plain SQL shows.
    @Test func theLibraryThatSyncedKeepsEveryOrderInMemory() async throws {
        let h = try Harness()
        try await h.publishAndSync(FacetPropertyTests.randomSeed(11, version: 1, hideModulo: nil))
        let store = try #require(h.library.indexStore)
        for kind in Kind.allCases {
            for sort in ItemSort.allCases {
                #expect(await store.rankingIsInMemory(kind: kind, sort: sort), "\(kind) \(sort)")
                let reference = try await titles(try h.reopen(mode: .sql), kind, sort)
                #expect(try await titles(h.library, kind, sort) == reference)
            }
        }
    }

    @Test func aDamagedOrStaleOrderIsSortedAgain() async throws {
        let h = try Harness()
        try await h.publishAndSync(FacetPropertyTests.randomSeed(8, version: 1, hideModulo: nil))
        let file = ItemRanking.file(kind: .sfx, sort: .title, root: h.root)
        let reference = try await titles(try h.reopen(mode: .sql), .sfx, .title)
        #expect(reference.count > 1 && reference.count < 40)  // one page holds them all

        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 5] ^= 0xFF  // one flipped bit in the item numbers: the checksum fails
        try bytes.write(to: file)
        #expect(try await titles(try h.reopen(), .sfx, .title) == reference)
        #expect(try Data(contentsOf: file) != bytes)  // sorted again and saved

        // A fresh process takes the saved order as it is (here deliberately reversed) instead of
        // sorting again; the same file saved for another state of the library is not used.
        let current = try await stamp(h)
        let saved = try ItemRanking(contentsOf: file, expectedStamp: current, maxItem: 1 << 20)
        let reversed = ItemRanking(order: Array(saved.order.reversed()))
        try reversed.write(to: file, stamp: current)
        #expect(try await titles(try h.reopen(), .sfx, .title) == Array(reference.reversed()))
        try reversed.write(to: file, stamp: "some-other-seed:1")
        #expect(try await titles(try h.reopen(), .sfx, .title) == reference)
    }

    func stamp(_ h: Harness) async throws -> String {
        try await h.library.database.read { try FacetIndexStore.Stamp.current($0).text }
    }
}

/// A fresh process reads the facet index file by sections; a section damaged on disk is noticed
/// when a query first reads it, and the answer comes from a rebuilt index, never the damaged one.
@Suite struct FacetIndexDamagedSectionTests {
    @Test func aDamagedSectionIsRebuiltBeforeAnswering() async throws {
        let h = try Harness()
        try await h.publishAndSync(FacetPropertyTests.randomSeed(9, version: 1, hideModulo: nil))
        let file = h.root.appendingPathComponent("facet-index.bin")
        let sql = try h.reopen(mode: .sql)
        var damaged = try Data(contentsOf: file)
        damaged[damaged.count - 12] ^= 0x33  // the last slot's posting lists
        try damaged.write(to: file)

        let lib = try h.reopen()
        for kind in [Kind.sfx, .atmosphere, .music] {
            #expect(
                try await lib.facets.fetchFacetCounts(kind: kind, filters: Filters())
                    == sql.facets.fetchFacetCounts(kind: kind, filters: Filters()))
            // A filter on each dimension reads every slot's lists, the damaged one too.
            for (dimension, values) in try await sql.facets.fetchValues(kind: kind) {
                guard let first = values.first else { continue }
                var filters = Filters()
                filters[dimension] = [first.id]
                #expect(
                    try await lib.facets.fetchFacetCounts(kind: kind, filters: filters)
                        == sql.facets.fetchFacetCounts(kind: kind, filters: filters))
            }
            let page = PageRequest(limit: 100)
            #expect(
                try await lib.items.fetchItems(kind: kind, filters: Filters(), sort: .title, page: page).items.map(\.id)
                    == sql.items.fetchItems(kind: kind, filters: Filters(), sort: .title, page: page).items.map(\.id))
        }
        #expect(try Data(contentsOf: file) != damaged)  // rewritten from the rebuilt index
    }
}
