import CatalogModel
import Foundation
import GRDB
import TestSupport

@testable import LibraryClient

/// A synced library with two music entries and a scripted music-service server on 127.0.0.1.
/// Entry 1 "Night Watch" has Apple Music `pl.u-night` and Spotify `sp-night`; entry 2 "Empty
/// Halls" has only Apple Music `pl.u-empty`.
final class MusicWorld: @unchecked Sendable {
    static let appleToken = "am-secret-token-7f3a9c"
    static let spotifyToken = "sp-secret-token-91bc2e"
    let harness: Harness
    let stub: MusicServiceStub
    let sleeps = SleepLog()

    static let seed = SeedFactory.seed(
        version: 1,
        music: [
            Seed.MusicEntry(
                id: tid(1), title: "Night Watch", appleMusicPlaylistId: "pl.u-night", spotifyPlaylistId: "sp-night"),
            Seed.MusicEntry(id: tid(2), title: "Empty Halls", appleMusicPlaylistId: "pl.u-empty"),
        ])

    init() async throws {
        harness = try Harness(mode: .sql)
        try await harness.publishAndSync(Self.seed)
        stub = try MusicServiceStub()
        routeNight()
        stub.route(
            "/v1/catalog/us/playlists/pl.u-empty",
            .body(#"{"data":[{"id":"pl.u-empty","type":"playlists","attributes":{"name":"Empty"}}]}"#))
        stub.route("/v1/catalog/us/playlists/pl.u-empty/tracks?limit=100", .body(#"{"data":[]}"#))
    }

    /// The fixture pages of the Night Watch playlists.
    func routeNight() {
        stub.route("/v1/catalog/us/playlists/pl.u-night", .file("apple/playlist-night.json"))
        stub.route(Self.applePage1, .file("apple/night-tracks-1.json"))
        stub.route(Self.applePage2, .file("apple/night-tracks-2.json"))
        stub.route("/v1/playlists/sp-night", .file("spotify/playlist-night.json"))
        stub.route(Self.spotifyPage1, .file("spotify/night-tracks-1.json"))
        stub.route(Self.spotifyPage2, .file("spotify/night-tracks-2.json"))
    }

    static let applePage1 = "/v1/catalog/us/playlists/pl.u-night/tracks?limit=100"
    static let applePage2 = "/v1/catalog/us/playlists/pl.u-night/tracks?offset=3"
    static let spotifyPage1 = "/v1/playlists/sp-night/tracks?limit=100&offset=0"
    static let spotifyPage2 = "/v1/playlists/sp-night/tracks?offset=3&limit=100"

    var library: Library { get throws { try harness.library } }

    func clients(apple: Bool = true, spotify: Bool = true) -> [any MusicServiceClient] {
        var accesses: [MusicServiceAccess] = []
        if apple { accesses.append(.init(service: .appleMusic, token: Self.appleToken, api: stub.baseURL)) }
        if spotify { accesses.append(.init(service: .spotify, token: Self.spotifyToken, api: stub.baseURL)) }
        var retry = MusicRetryPolicy()
        let log = sleeps
        retry.sleep = { log.append($0) }
        return MusicConnections.clients(accesses, retry: retry)
    }

    func refresh(
        _ options: MusicRefreshOptions = MusicRefreshOptions(), apple: Bool = true,
        spotify: Bool = true
    ) async throws -> MusicRefreshResult {
        try await library.music.refresh(options, clients: clients(apple: apple, spotify: spotify))
    }

    func titles(_ entry: String = "Night Watch") async throws -> [String] {
        try await library.music.fetchTracks(entryID: entry).tracks.map(\.title)
    }

    /// The track tables without their timestamps, for "nothing changed" comparisons.
    func trackState() async throws -> String {
        try await library.database.writer.read { db in
            var out = ""
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT track_id, title, artist, album, duration, artwork_url, isrc, genres, composer, album_artist,
                           release_date, added_at FROM music_track_cache ORDER BY track_id
                    """)
            { out += "\(row)\n" }
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT service, service_track_id, track_id, title, isrc, added_at FROM music_source_track
                    ORDER BY service, service_track_id
                    """)
            { out += "\(row)\n" }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM playlist_track ORDER BY playlist_id, position") {
                out += "\(row)\n"
            }
            return out
        }
    }

    func count(_ sql: String) async throws -> Int {
        try await library.database.writer.read { try Int.fetchOne($0, sql: sql) ?? 0 }
    }

    func requests(_ target: String) -> Int { stub.requests.filter { $0.target == target }.count }
}

/// The waits a client asked for, instead of waiting.
final class SleepLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: [Double] = []
    func append(_ value: Double) { lock.withLock { seconds.append(value) } }
    var all: [Double] { lock.withLock { seconds } }
}
