import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// A data root made by the previous release opens with the music track library added and
/// everything it held kept.
@Suite struct MusicUpgradeTests {
    static let previousRelease = "v1-search"

    static func makePreviousRelease(at url: URL) throws {
        let pool = try DatabasePool(path: url.path)
        try AppDatabase.migrator.migrate(pool, upTo: previousRelease)
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO library_item(id, kind, title, subtitle, duration, artwork_url, is_visible, created_at, updated_at, item_number)
                      VALUES ('00000000-0000-4000-8000-000000000001', 'music', 'Night Watch', NULL, 3600, NULL, 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 1),
                             ('00000000-0000-4000-8000-000000000011', 'sfx', 'Door', 'Creak', 2.5, NULL, 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 2);
                    INSERT INTO music_playlist_ref(item_id, apple_music_playlist_id, last_sync_at, use_snapshot)
                      VALUES ('00000000-0000-4000-8000-000000000001', 'pl.u-night', '2026-01-02T00:00:00Z', 0);
                    INSERT INTO music_track_cache(track_id, title, artist, album, duration, artwork_url, last_seen_at)
                      VALUES ('i.old', 'Old Song', 'Old Artist', NULL, 100, NULL, '2026-01-02T00:00:00Z');
                    INSERT INTO playlist_track(playlist_id, track_id, position) VALUES ('pl.u-night', 'i.old', 0);
                    INSERT INTO pack(id, kind, title, version, manifest_url, created_at, slug)
                      VALUES ('00000000-0000-4000-8000-000000000010', 'sfx', 'Doors', 2, 'packs/p/2/manifest.json', '2026-01-01T00:00:00Z', 'doors');
                    INSERT INTO pack_state(pack_id, state, bytes_total, bytes_downloaded, installed_version, updated_at)
                      VALUES ('00000000-0000-4000-8000-000000000010', 'downloaded', 44, 44, 2, '2026-01-01T00:00:00Z');
                    INSERT INTO pack_item(pack_id, item_id, sort_order) VALUES ('00000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000011', 0);
                    INSERT INTO local_asset(id, pack_id, remote_url, local_path, sha256, bytes_total, created_at)
                      VALUES ('00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000010', 'assets/a.wav',
                              'AudioAssets/00000000-0000-4000-8000-000000000010/a.wav', 'abc', 44, '2026-01-01T00:00:00Z');
                    INSERT INTO item_local_audio(item_id, asset_id, codec, sample_rate, channels, loopable)
                      VALUES ('00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012', 'pcm', 48000, 2, 0);
                    UPDATE catalog_state SET catalog_location = '/srv/dist', catalog_version = 4, seed_sha256 = 'ff', data_generation = 3;
                    """)
        }
    }

    /// Every row of every table, reading only the columns the table had before.
    static func rows(_ db: Database, columns: [String: [String]]) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (table, names) in columns {
            let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
            result[table] = try Row.fetchAll(db, sql: "SELECT \(list) FROM \"\(table)\" ORDER BY \(list)").map(
                \.description)
        }
        return result
    }

    @Test func aPreviousReleaseDataRootMigratesAndKeepsEverything() async throws {
        let tmp = try TemporaryDirectory(prefix: "music-upgrade")
        let root = tmp.url.appendingPathComponent("root")
        let paths = LibraryPaths(root: root)
        try FileManager.default.createDirectory(
            at: paths.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.makePreviousRelease(at: paths.database)
        let (columns, before): ([String: [String]], [String: [String]]) = try {
            let queue = try DatabaseQueue(path: paths.database.path)
            return try queue.read { db in
                var columns: [String: [String]] = [:]
                for table in try String.fetchAll(
                    db,
                    sql:
                        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'library_item_search%' AND name <> 'grdb_migrations'"
                ) {
                    columns[table] = try db.columns(in: table).map(\.name)
                }
                return (columns, try MusicUpgradeTests.rows(db, columns: columns))
            }
        }()
        #expect(before["pack_state"]?.count == 1 && before["music_track_cache"]?.count == 1)

        let library = try Library(root: root, mode: .sql)
        let after = try await library.database.writer.read { try Self.rows($0, columns: columns) }
        #expect(after == before)
        let applied = try await library.database.writer.read { try AppDatabase.migrator.appliedIdentifiers($0) }
        #expect(applied.contains("v2-music-track-library"))
        let entries = try await library.music.fetchMusicEntries()
        #expect(entries.map(\.appleMusicPlaylistID) == ["pl.u-night"] && entries[0].spotifyPlaylistID == nil)
        let pack = try await library.packs.fetchPacks(kind: nil)
        #expect(pack.map(\.state.rawValue) == ["downloaded"])
        let old = try await library.music.fetchTracks(entryID: "Night Watch").tracks
        #expect(old.map(\.title) == ["Old Song"] && old[0].sources.isEmpty)
    }
}
