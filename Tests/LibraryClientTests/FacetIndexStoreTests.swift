import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// The persisted facet index: written after a sync, loaded by a fresh process, rebuilt when
/// missing, damaged or stale, and kept in step with later writes.
@Suite struct FacetIndexStoreTests {
    func facets(_ lib: Library) async throws -> FacetCounts {
        try await lib.facets.fetchFacetCounts(kind: .sfx, filters: try await lib.resolver.resolve([.mood: ["Ominous"]]))
    }

    @Test func syncWritesTheIndexAndAFreshProcessUsesIt() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let file = h.root.appendingPathComponent("facet-index.bin")
        #expect(FileManager.default.fileExists(atPath: file.path))
        // The index waited for the commit in a file of its own, gone once it is in place.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: h.root.path).filter { $0.contains("prebuilt") } == [])
        let reference = try await facets(try h.reopen(mode: .sql))
        #expect(try await facets(try h.reopen()) == reference)

        try Data("not an index".utf8).write(to: file)  // damaged: rebuilt, not an error
        #expect(try await facets(try h.reopen()) == reference)
        try FileManager.default.removeItem(at: file)  // missing: rebuilt and written again
        #expect(try await facets(try h.reopen()) == reference)
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    /// A first import killed between laying out its index and its commit leaves the index waiting
    /// in the data root (about 40 MB at 1M items): the next sync removes it.
    @Test func aWaitingIndexLeftByAKilledImportIsRemovedByTheNextSync() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let waiting = h.root.appendingPathComponent("facet-index.prebuilt")
        try Data(repeating: 7, count: 4096).write(to: waiting)
        try await h.sync()
        #expect(!FileManager.default.fileExists(atPath: waiting.path))
    }

    /// A first import builds the index from the rows it writes, alongside the commit; it must be
    /// the very index a rebuild from SQLite gives (same persisted bytes), for any catalog.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func firstImportIndexEqualsARebuildFromSQLite(seed: UInt64) async throws {
        let h = try Harness()
        try await h.publishAndSync(FacetPropertyTests.randomSeed(seed, version: 1, hideModulo: nil))
        let file = h.root.appendingPathComponent("facet-index.bin")
        let prebuilt = try Data(contentsOf: file)
        try FileManager.default.removeItem(at: file)
        let store = try #require(try h.reopen().indexStore)
        try await store.rebuild()
        #expect(try Data(contentsOf: file) == prebuilt)
    }

    /// What the installer will do when a manifest brings a new tag: write the join row and bump
    /// the generation in its transaction, then refresh the items in the index.
    func addTag(_ lib: Library, item: Int, creature: String) async throws {
        try await lib.database.writer.write { db in
            try db.execute(
                sql: "INSERT INTO creature_type(name, is_system) VALUES (?, 1) ON CONFLICT(name) DO NOTHING",
                arguments: [creature])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM creature_type WHERE name = ?", arguments: [creature])!
            try db.execute(
                sql: "INSERT INTO item_creature_type(item_id, creature_type_id) VALUES (?, ?)",
                arguments: [tid(item), id])
            try CatalogStateRecord.bumpGeneration(db)
        }
    }

    @Test func writesAfterTheSyncReachTheIndex() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let lib = try h.library
        _ = try await facets(lib)  // index loaded
        try await addTag(lib, item: 2, creature: "Ooze")
        try await lib.refreshIndexedItems([tid(2)])
        let ooze = try await lib.resolver.resolve([.creatureType: ["Ooze"]])
        #expect(try await lib.items.fetchItems(kind: .sfx, filters: ooze, sort: .title).map(\.id) == [tid(2)])
        #expect(try await facets(lib) == (try await facets(try h.reopen(mode: .sql))))
        #expect(try await facets(try h.reopen()) == (try await facets(try h.reopen(mode: .sql))))

        // Another connection writes without refreshing: the stale stamp is noticed.
        let other = try h.reopen()
        try await addTag(other, item: 3, creature: "Ooze")
        #expect(try await lib.facets.fetchFacetCounts(kind: .sfx, filters: ooze).total == 2)
    }
}
