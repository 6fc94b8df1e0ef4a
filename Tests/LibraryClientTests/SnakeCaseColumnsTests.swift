import CatalogFormat
import Foundation
import GRDB
import Testing

@testable import LibraryClient

/// The records without `CodingKeys` write and read every column of their table, acronyms
/// (`trackID`, `artworkURL`, `seedSHA256`) included.
@Suite struct SnakeCaseColumnsTests {
    @Test func keysBecomeColumnsAsGRDBsSnakeCaseNamesThem() {
        let expected = [
            "id": "id", "itemId": "item_id", "itemID": "item_id", "artworkURL": "artwork_url",
            "seedSHA256": "seed_sha256", "appleMusicPlaylistID": "apple_music_playlist_id",
            "lastImportRunAt": "last_import_run_at", "sha256": "sha256", "urlString": "url_string",
            "URLString": "url_string", "item2Name": "item2_name",
        ]
        for (key, column) in expected {
            #expect(SnakeCase.column(forKey: key) == column, "\(key)")
        }
    }

    @Test func columnsBecomeKeysWithTheRecordsCapitalizedWords() {
        #expect(SnakeCase.key(forColumn: "item_id", capitalizedWords: []) == "itemId")
        #expect(SnakeCase.key(forColumn: "item_id", capitalizedWords: ["ID"]) == "itemID")
        #expect(SnakeCase.key(forColumn: "seed_sha256", capitalizedWords: ["SHA256"]) == "seedSHA256")
        #expect(SnakeCase.key(forColumn: "artwork_url", capitalizedWords: ["ID", "URL"]) == "artworkURL")
        #expect(SnakeCase.key(forColumn: "last_seen_at", capitalizedWords: ["ID", "URL"]) == "lastSeenAt")
        #expect(SnakeCase.key(forColumn: "id", capitalizedWords: ["ID"]) == "id")
        #expect(SnakeCase.key(forColumn: "sha256", capitalizedWords: []) == "sha256")
    }

    /// Each sample sets every property (a column a key misses would decode an optional as nil).
    @Test func everyRecordWritesEveryColumnAndReadsItBack() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try AppDatabase.migrator.migrate(queue)
        let track = ServiceTrack(
            serviceTrackID: "sp-1", title: "T", artist: "A", album: "B", duration: 201, isrc: "US1",
            artworkURL: "art.jpg", addedAt: "2026-01-01T00:00:00Z", popularity: 40, previewURL: "preview.mp3")
        try queue.write { db in
            try Self.roundTrip(
                CatalogStateRecord(
                    catalogLocation: "https://example.com/shelf/", trustedPublicKey: "key", catalogVersion: 7,
                    seedSHA256: "abc", lastSyncAt: "2026-01-01T00:00:00Z", dataGeneration: 3), db)
            try Self.roundTrip(ClientSecretRecord(id: 1, cursorKey: Data([1, 2, 3])), db)
            try Self.roundTrip(FavoriteRecord(itemID: "i1", favoritedAt: "2026-01-01T00:00:00Z", sequence: 2), db)
            try Self.roundTrip(
                ItemLocalAudioRecord(
                    itemId: "i1", assetId: "a1", codec: "flac", sampleRate: 48000, channels: 2, loopable: true), db)
            try Self.roundTrip(
                ItemTakeRecord(
                    itemId: "i1", take: 1, assetId: "a1", duration: 2.5,
                    loudness: Loudness(integrated: -20, range: 3, truePeak: -1, momentaryMax: -12)), db)
            try Self.roundTrip(
                LibraryItemRecord(
                    id: "i1", kind: "sfx", title: "T", subtitle: "S", duration: 2.5, artworkURL: "art.jpg",
                    isVisible: true, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-02T00:00:00Z",
                    itemNumber: 4), db)
            try Self.roundTrip(
                LocalAssetRecord(
                    id: "a1", packId: "p1", remoteURL: "https://example.com/a1.flac",
                    localPath: "AudioAssets/p1/a1.flac",
                    etag: "\"e\"", sha256: "def", bytesTotal: 1000, createdAt: "2026-01-01T00:00:00Z"), db)
            try Self.roundTrip(
                MusicPlaylistRefRecord(
                    itemID: "m1", appleMusicPlaylistID: "pl.u-1", spotifyPlaylistID: "sp1",
                    lastSyncAt: "2026-01-01T00:00:00Z", useSnapshot: true), db)
            try Self.roundTrip(
                MusicSourceTrackRecord(service: .spotify, track: track, trackID: "t1", now: "2026-01-01T00:00:00Z"), db)
            try Self.roundTrip(
                MusicServicePlaylistRecord(
                    service: .spotify, playlistID: "sp1", name: "N", description: "D", artworkURL: "art.jpg",
                    ownerName: "O", isPublic: true, trackTotal: 9, snapshotID: "s1",
                    lastSuccessAt: "2026-01-01T00:00:00Z", lastAttemptAt: "2026-01-02T00:00:00Z", lastError: "E"), db)
            try Self.roundTrip(
                MusicTrackCacheRecord(
                    trackId: "t1", title: "T", artist: "A", album: "B", duration: 201, artworkURL: "art.jpg",
                    lastSeenAt: "2026-01-01T00:00:00Z", isrc: "US1", genres: ["Jazz"], composer: "C",
                    albumArtist: "AA", releaseDate: "2001-01-01", addedAt: "2020-01-01T00:00:00Z"), db)
            try Self.roundTrip(PackItemRecord(packId: "p1", itemId: "i1", sortOrder: 3), db)
            try Self.roundTrip(
                PackStateRecord(
                    packId: "p1", state: "downloaded", bytesTotal: 10, bytesDownloaded: 10, installedVersion: 2,
                    lastError: "E", updatedAt: "2026-01-01T00:00:00Z"), db)
            try Self.roundTrip(PlaylistTrackRecord(playlistID: "sp1", trackID: "t1", position: 5), db)
            try Self.roundTrip(
                SceneRecord(
                    id: "s1", title: "Night", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-02T00:00:00Z"),
                db)
            try Self.roundTrip(
                SceneItemRecord(sceneID: "s1", itemID: "i1", position: 0, addedAt: "2026-01-01T00:00:00Z"), db)
            try Self.roundTrip(
                PlayEventRecord(
                    id: 1, playID: "play-1", target: "item:i1", targetKind: "sfx",
                    playedAt: "2026-01-01T00:00:00Z", source: "app", secondsPlayed: 31, targetDuration: 60, title: "T"),
                db)
            try Self.roundTrip(
                PlayImportBaselineRecord(target: "item:i1", playCount: 4, capturedAt: "2026-01-01T00:00:00Z"), db)
            try Self.roundTrip(
                ListeningStateRecord(installedAt: "2026-01-01T00:00:00Z", lastImportRunAt: "2026-01-02T00:00:00Z"), db)
        }
    }

    /// Encodes `sample` to exactly its table's columns, stores it alone and fetches it back equal.
    static func roundTrip<R: SnakeCaseColumns & MutablePersistableRecord & Equatable>(_ sample: R, _ db: Database)
        throws
    {
        let columns = try db.columns(in: R.databaseTableName).map(\.name)
        #expect(try Set(sample.databaseDictionary.keys) == Set(columns), "\(R.self)")
        _ = try R.deleteAll(db)
        var row = sample
        try row.insert(db)
        #expect(try R.fetchAll(db) == [sample], "\(R.self)")
    }
}
