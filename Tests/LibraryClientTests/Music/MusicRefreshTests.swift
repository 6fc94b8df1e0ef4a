import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// Refreshing the track cache from both services through the scripted server.
@Suite(.timeLimit(.minutes(5))) struct MusicRefreshTests {
    @Test func refreshReadsEveryPageInOrderAndMergesBothServices() async throws {
        let world = try await MusicWorld()
        let result = try await world.refresh()
        #expect(result.sources.map(\.status) == [.ok, .ok])
        #expect(result.sources.map(\.playlists) == [2, 1] && result.sources.map(\.tracks) == [3, 3])
        #expect(result.merged == 1)
        for page in [MusicWorld.applePage1, MusicWorld.applePage2, MusicWorld.spotifyPage1, MusicWorld.spotifyPage2] {
            #expect(world.requests(page) == 1, "page \(page)")
        }
        // Apple order, then the Spotify-only track; the music video, the local file and the null track are skipped.
        #expect(try await world.titles() == ["Moonrise", "Deep Water", "Ember", "Spotify Only"])
        let tracks = try await world.library.music.fetchTracks(entryID: tid(1)).tracks
        let moonrise = try #require(tracks.first)
        #expect(moonrise.sources == [.appleMusic, .spotify])
        #expect(moonrise.artworkURL == "https://is1.example/a1/{w}x{h}.jpg")
        #expect(moonrise.addedAt == "2020-02-02T10:00:00Z")
        #expect(moonrise.duration == 201)
        #expect(tracks[2].sources == [.appleMusic, .spotify], "Ember matched by exact title, artist and album")
        #expect(tracks[3].sources == [.spotify])
        #expect(try await world.count("SELECT COUNT(*) FROM music_track_cache") == 4)
        #expect(try await world.count("SELECT COUNT(*) FROM music_source_track") == 6)
        let tokens = world.stub.requests.map(\.authorization)
        #expect(
            tokens.allSatisfy { $0 == "Bearer \(MusicWorld.appleToken)" || $0 == "Bearer \(MusicWorld.spotifyToken)" })
    }

    @Test func rateLimitsServerErrorsAndDroppedConnectionsAreRetried() async throws {
        let world = try await MusicWorld()
        world.stub.route(
            MusicWorld.applePage1, .status(429, headers: ["Retry-After": "120"]), .status(503), .drop,
            .status(429, headers: ["Retry-After": "3"]), .file("apple/night-tracks-1.json"))
        let result = try await world.refresh(MusicRefreshOptions(source: .appleMusic))
        #expect(result.sources.map(\.status) == [.ok])
        #expect(world.requests(MusicWorld.applePage1) == 5)
        #expect(world.sleeps.all == [60, 1, 2, 3], "Retry-After capped at 60 s, then the backoff")
        #expect(try await world.titles() == ["Moonrise", "Deep Water", "Ember"])
    }

    @Test func tooManyFailuresFailThePlaylist() async throws {
        let world = try await MusicWorld()
        world.stub.route(MusicWorld.applePage2, .status(500))
        world.stub.route("/v1/playlists/sp-night", .status(429, headers: ["Retry-After": "1"]))
        let result = try await world.refresh()
        #expect(result.sources.map(\.status) == [.failed, .failed])
        #expect(world.requests(MusicWorld.applePage2) == 3)
        #expect(world.requests("/v1/playlists/sp-night") == 4)
        #expect(
            result.sources[0].errors == [
                MusicServiceError.httpStatus(service: .appleMusic, playlistID: "pl.u-night", status: 500).description
            ])
        #expect(result.sources[0].playlists == 1, "the other Apple Music playlist is still written")
        #expect(result.hasFailures)
    }

    @Test func aFailingServiceLeavesTheOtherCommitted() async throws {
        let world = try await MusicWorld()
        world.stub.route("/v1/catalog/us/playlists/pl.u-night", .status(401, body: #"{"errors":[{"status":"401"}]}"#))
        let result = try await world.refresh()
        #expect(result.sources.map(\.status) == [.failed, .ok])
        let message = try #require(result.sources[0].errors.first)
        #expect(message.contains("Apple Music") && message.contains("pl.u-night") && message.contains("401"))
        #expect(!message.contains(MusicWorld.appleToken))
        #expect(try await world.titles() == ["Moonrise", "Ember", "Spotify Only"])
    }

    @Test(arguments: [
        ("malformed", MusicServiceStub.Answer.body(#"{"items": [ {"track": "#)),
        ("wrong type", MusicServiceStub.Answer.body(#"{"items": "none", "next": null}"#)),
        ("not found", MusicServiceStub.Answer.status(404)),
        ("forbidden", MusicServiceStub.Answer.status(403)),
        ("endless", MusicServiceStub.Answer.endless),
    ])
    func aFailingPlaylistChangesNothing(_ fault: (String, MusicServiceStub.Answer)) async throws {
        let world = try await MusicWorld()
        _ = try await world.refresh()
        let before = try await world.trackState()
        world.stub.route("/v1/playlists/sp-night", .body(#"{"snapshot_id": "snap-2"}"#))
        world.stub.route(MusicWorld.spotifyPage2, fault.1)
        let result = try await world.refresh(MusicRefreshOptions(source: .spotify))
        #expect(result.sources.map(\.status) == [.failed], "\(fault.0)")
        let message = try #require(result.sources.first?.errors.first)
        #expect(message.contains("Spotify") && message.contains("sp-night"), "\(message)")
        #expect(try await world.trackState() == before)
        let stored = try await world.library.database.writer.read {
            try MusicServicePlaylistRecord.fetchOne($0, key: ["service": "spotify", "playlist_id": "sp-night"])
        }
        #expect(stored?.snapshotID == "snap-1" && stored?.lastError == message)
    }

    @Test func tokensNeverReachTheDatabaseOrMessages() async throws {
        let world = try await MusicWorld()
        _ = try await world.refresh()
        world.stub.route(MusicWorld.applePage1, .status(401))
        let failed = try await world.refresh(MusicRefreshOptions(force: true))
        let text = failed.sources.flatMap(\.errors).joined()
        #expect(!text.isEmpty && !text.contains(MusicWorld.appleToken) && !text.contains(MusicWorld.spotifyToken))
        try await world.library.database.writer.writeWithoutTransaction { _ = try $0.checkpoint(.full) }
        for suffix in ["", "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: world.library.database.path + suffix))) ?? Data()
            #expect(suffix == "-wal" || !bytes.isEmpty)
            for token in [MusicWorld.appleToken, MusicWorld.spotifyToken] {
                #expect(bytes.range(of: Data(token.utf8)) == nil, "token in library.sqlite\(suffix)")
            }
        }
    }

    @Test func refreshingAgainChangesNothing() async throws {
        let world = try await MusicWorld()
        _ = try await world.refresh()
        let first = try await world.trackState()
        world.stub.route("/v1/playlists/sp-night", .body(#"{"snapshot_id": "snap-2", "name": "Night Watch"}"#))
        let again = try await world.refresh(MusicRefreshOptions(force: true))
        #expect(again.sources.map(\.status) == [.ok, .ok] && again.merged == 0)
        #expect(try await world.trackState() == first)
    }

    @Test func freshPlaylistsAreSkippedUnlessNamedOrForced() async throws {
        let world = try await MusicWorld()
        _ = try await world.refresh()
        let skipped = try await world.refresh()
        #expect(skipped.sources.map(\.status) == [.skipped, .skipped])
        #expect(world.requests("/v1/catalog/us/playlists/pl.u-night") == 1)
        let forced = try await world.refresh(MusicRefreshOptions(force: true))
        #expect(forced.sources.map(\.status) == [.ok, .ok])
        #expect(world.requests(MusicWorld.applePage1) == 2)
        // Same Spotify snapshot: its tracks are not fetched again, even when forced.
        #expect(world.requests("/v1/playlists/sp-night") == 2 && world.requests(MusicWorld.spotifyPage1) == 1)
        let named = try await world.refresh(MusicRefreshOptions(entries: ["Empty Halls"]))
        #expect(named.sources[0].playlists == 1 && named.sources[1].playlists == 0)
    }

    @Test func aTrackThatLeftThePlaylistStaysCached() async throws {
        let world = try await MusicWorld()
        _ = try await world.refresh()
        let ember = try #require(
            try await world.library.music.fetchTracks(entryID: tid(1)).tracks.first { $0.title == "Ember" })
        world.stub.route(MusicWorld.applePage2, .body(#"{"data": []}"#))
        _ = try await world.refresh(MusicRefreshOptions(source: .appleMusic))
        #expect(
            try await world.count("SELECT COUNT(*) FROM music_track_cache WHERE track_id = '\(ember.trackID)'") == 1)
        #expect(
            try await world.count(
                "SELECT COUNT(*) FROM playlist_track WHERE playlist_id = 'pl.u-night' AND track_id = '\(ember.trackID)'"
            ) == 0)
        #expect(
            try await world.titles() == ["Moonrise", "Deep Water", "Ember", "Spotify Only"],
            "still in the Spotify playlist")
    }

    @Test func servicesWithoutATokenAreNotConnected() async throws {
        let world = try await MusicWorld()
        let result = try await world.refresh(apple: false)
        #expect(result.sources.map(\.status) == [.notConnected, .ok])
        #expect(!world.stub.requests.contains { $0.target.contains("/catalog/") })
        await #expect(throws: LibraryClientError.musicEntryNotFound("No Such Entry")) {
            try await world.refresh(MusicRefreshOptions(entries: ["No Such Entry"]))
        }
    }

    @Test func anAppRefreshesOneEntrysMetadataAndTracks() async throws {
        let world = try await MusicWorld()
        let problems = try await world.library.music.refreshPlaylistMetadata(itemID: tid(1), clients: world.clients())
        #expect(problems.isEmpty)
        let stored = try await world.library.database.writer.read { db in
            try MusicServicePlaylistRecord.order(MusicServicePlaylistRecord.Columns.service).fetchAll(db)
        }
        #expect(stored.map(\.name) == ["Night Watch", "Night Watch (Spotify)"])
        #expect(stored.map(\.ownerName) == ["Soundshelf", "soundshelf"] && stored[1].isPublic == true)
        #expect(stored.allSatisfy { $0.lastSuccessAt == nil }, "metadata only: the tracks are not refreshed")
        #expect(world.requests(MusicWorld.applePage1) == 0)
        let result = try await world.library.music.refreshPlaylistTrackCache(itemID: tid(1), clients: world.clients())
        #expect(result.sources.map(\.playlists) == [1, 1])
        #expect(try await world.titles() == ["Moonrise", "Deep Water", "Ember", "Spotify Only"])
    }
}
