import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// A data root of the release before "v5-offloading" keeps every pack's state, and its packs
/// can then be offloaded.
@Suite struct OffloadingMigrationTests {
    @Test func aPreviousDataRootKeepsItsPackStatesAndMayOffload() async throws {
        let tmp = try TemporaryDirectory(prefix: "offload-upgrade")
        let root = tmp.url.appendingPathComponent("root")
        let paths = LibraryPaths(root: root)
        try FileManager.default.createDirectory(
            at: paths.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        let pool = try DatabasePool(path: paths.database.path)
        try AppDatabase.migrator.migrate(pool, upTo: "v5-trusted-root")
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO pack(id, kind, title, version, manifest_url, created_at, slug)
                      VALUES ('00000000-0000-4000-8000-000000000010', 'sfx', 'Castle', 2, 'packs/p/2/manifest.json', '2026-01-01T00:00:00Z', 'castle');
                    INSERT INTO pack_state(pack_id, state, bytes_total, bytes_downloaded, installed_version, last_error, updated_at)
                      VALUES ('00000000-0000-4000-8000-000000000010', 'failed', 10, 4, NULL, 'the disk is full', '2026-01-02T00:00:00Z');
                    """)
        }
        try pool.close()
        let library = try Library(root: root)
        let pack = try await library.packs.fetchPack(PackReference("castle"))
        #expect(pack.state == .failed && pack.lastError == "the disk is full" && pack.bytesDownloaded == 4)
        try await library.database.write { db in
            try db.execute(sql: "UPDATE pack_state SET state = 'offloaded'")
        }
        #expect(try await library.packs.fetchPack(PackReference("castle")).state == .offloaded)
        #expect(try await library.audioBudget() == nil)
    }
}
