import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// A data root of the release before "v4-ucs" opens with the `ucs` column, the synonym table and
/// the search table made again: its items are still found by their words.
@Suite struct UCSMigrationTests {
    /// A data root as the release before "v4-ucs" leaves it, with one item in its search table.
    static func makePreviousRelease(at url: URL) throws {
        let pool = try DatabasePool(path: url.path)
        try AppDatabase.migrator.migrate(pool, upTo: "v3-sound-figures")
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO library_item(id, kind, title, subtitle, duration, artwork_url, is_visible, created_at, updated_at, item_number)
                      VALUES ('00000000-0000-4000-8000-000000000011', 'sfx', 'Door', 'Creak', 2.5, NULL, 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 1);
                    INSERT INTO pack(id, kind, title, version, manifest_url, created_at, slug)
                      VALUES ('00000000-0000-4000-8000-000000000010', 'sfx', 'Castle', 2, 'packs/p/2/manifest.json', '2026-01-01T00:00:00Z', 'castle');
                    INSERT INTO pack_item(pack_id, item_id, sort_order) VALUES ('00000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000011', 0);
                    INSERT INTO library_item_search(rowid, title, subtitle, pack_title) VALUES (1, 'Door', 'Creak', 'Castle');
                    """)
        }
    }

    @Test func aPreviousDataRootKeepsItsSearchAndGainsTheUCSColumn() async throws {
        let tmp = try TemporaryDirectory(prefix: "ucs-upgrade")
        let root = tmp.url.appendingPathComponent("root")
        let paths = LibraryPaths(root: root)
        try FileManager.default.createDirectory(
            at: paths.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.makePreviousRelease(at: paths.database)
        let lib = try Library(root: root)
        #expect(try await lib.items.fetchItems(matching: "castle").map(\.title) == ["Door"])
        #expect(try await lib.items.fetchItems(matching: "creak").map(\.title) == ["Door"])
        let detail = try await lib.items.fetchItemDetail(itemID: "00000000-0000-4000-8000-000000000011")
        #expect(detail.ucs == nil)
        let applied = try await lib.database.writer.read { db in try AppDatabase.migrator.appliedIdentifiers(db) }
        #expect(applied.contains("v4-ucs"))
    }
}
