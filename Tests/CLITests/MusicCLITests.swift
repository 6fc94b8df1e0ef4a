import CatalogModel
import Foundation
import TestSupport
import Testing

/// `client music`, `client music refresh`, `client music tracks` and `client tracks` against the
/// scripted music-service server on 127.0.0.1.
@Suite(.timeLimit(.minutes(2)), .serialized, .startsProcesses) struct MusicCLITests {
    let tmp: TemporaryDirectory
    let root: String
    let stub: MusicServiceStub
    static let appleToken = "cli-am-token-5d21"
    static let spotifyToken = "cli-sp-token-8e44"

    init() throws {
        tmp = try TemporaryDirectory(prefix: "music-cli")
        root = tmp.path("root")
        let dist = FixtureCatalog(folder: tmp.url.appendingPathComponent("dist"))
        try dist.publish(
            seed: SeedFactory.seed(
                version: 1,
                music: [
                    Seed.MusicEntry(
                        id: SeedFactory.id(1), title: "Night Watch", appleMusicPlaylistId: "pl.u-night",
                        spotifyPlaylistId: "sp-night")
                ]))
        stub = try MusicServiceStub()
        stub.route("/v1/catalog/us/playlists/pl.u-night", .file("apple/playlist-night.json"))
        stub.route("/v1/catalog/us/playlists/pl.u-night/tracks?limit=100", .file("apple/night-tracks-1.json"))
        stub.route("/v1/catalog/us/playlists/pl.u-night/tracks?offset=3", .file("apple/night-tracks-2.json"))
        stub.route("/v1/playlists/sp-night", .file("spotify/playlist-night.json"))
        stub.route("/v1/playlists/sp-night/tracks?limit=100&offset=0", .file("spotify/night-tracks-1.json"))
        stub.route("/v1/playlists/sp-night/tracks?offset=3&limit=100", .file("spotify/night-tracks-2.json"))
        let sync = try ClientCLIRunner.run(["sync", "--catalog", dist.folder.path, "--root", root, "--json"])
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    var env: [String: String] {
        [
            "SOUNDSHELF_APPLE_MUSIC_TOKEN": Self.appleToken, "SOUNDSHELF_SPOTIFY_TOKEN": Self.spotifyToken,
            "SOUNDSHELF_APPLE_MUSIC_API": stub.baseURL.absoluteString,
            "SOUNDSHELF_SPOTIFY_API": stub.baseURL.absoluteString,
        ]
    }

    func run(_ args: [String], env extra: [String: String]? = nil) throws -> ToolRunner.Result {
        try ClientCLIRunner.run(args + ["--root", root], environment: extra ?? env)
    }

    func object(_ result: ToolRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stdout)")
    }

    @Test func musicListsBothPlaylistIDs() throws {
        let music = try object(try run(["music", "--json"]))
        let items = try #require(music["items"] as? [[String: Any]])
        #expect(Set(items[0].keys) == ["id", "title", "appleMusicPlaylistId", "spotifyPlaylistId"])
        #expect(items[0]["spotifyPlaylistId"] as? String == "sp-night")
    }

    @Test func refreshThenTracksPrintTheSpecShapes() throws {
        let refresh = try run(["music", "refresh", "--json"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let result = try object(refresh)
        let sources = try #require(result["sources"] as? [[String: Any]])
        #expect(sources.map { $0["source"] as? String } == ["apple-music", "spotify"])
        #expect(sources.map { $0["status"] as? String } == ["ok", "ok"])
        #expect(Set(sources[0].keys) == ["source", "status", "playlists", "tracks", "errors"])
        #expect(result["merged"] as? Int == 1)
        for output in [refresh.stdout, refresh.stderr] {
            #expect(!output.contains(Self.appleToken) && !output.contains(Self.spotifyToken))
        }

        let tracks = try object(try run(["music", "tracks", "Night Watch", "--json"]))
        #expect(tracks["entry"] as? String == SeedFactory.id(1))
        let list = try #require(tracks["tracks"] as? [[String: Any]])
        #expect(list.map { $0["title"] as? String } == ["Moonrise", "Deep Water", "Ember", "Spotify Only"])
        #expect(Set(list[0].keys) == ["trackId", "title", "artist", "album", "duration", "isrc", "sources", "plays"])
        #expect(list[0]["sources"] as? [String] == ["apple-music", "spotify"] && list[0]["plays"] as? Int == 0)
        #expect(list[3]["album"] as? String == "One" && list[1]["isrc"] as? String == "GBBBB2600002")

        let table = try run(["music", "tracks", "Night Watch"])
        #expect(table.stdout.contains("AM SP") && table.stdout.contains("Moonrise"))
    }

    @Test func tracksPagesWithACursorAndRefusesABadOne() throws {
        #expect(try run(["music", "refresh"]).status == 0)
        var seen: [String] = []
        var after: String?
        repeat {
            let page = try object(
                try run(
                    ["tracks", "--sort", "title", "--limit", "3", "--json"] + (after.map { ["--after", $0] } ?? [])))
            #expect(page["total"] as? Int == 4)
            seen += (page["tracks"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            after = page["nextCursor"] as? String
            #expect(page.keys.contains("nextCursor"))
        } while after != nil
        #expect(seen == ["Deep Water", "Ember", "Moonrise", "Spotify Only"])
        let spotifyOnly = try object(try run(["tracks", "--source", "spotify", "--json"]))
        #expect(spotifyOnly["total"] as? Int == 3)
        let bad = try run(["tracks", "--after", "not-a-cursor", "--json"])
        #expect(bad.status != 0 && bad.stderr.contains("not a cursor"))
    }

    @Test func aFailedPlaylistExitsOneAndNamesIt() throws {
        stub.route("/v1/playlists/sp-night", .status(401))
        let result = try run(["music", "refresh", "--json"])
        #expect(result.status == 1)
        let sources = try #require(try object(result)["sources"] as? [[String: Any]])
        #expect(sources.map { $0["status"] as? String } == ["ok", "failed"])
        let errors = try #require(sources[1]["errors"] as? [String])
        #expect(errors.count == 1 && errors[0].contains("sp-night") && errors[0].contains("Spotify"))
        #expect(!errors[0].contains("SOUNDSHELF_"), "the library states facts; the variable is the tool's word")
        let text = try run(["music", "refresh", "--force"])
        #expect(
            text.status == 1
                && text.stderr.contains("Spotify refused playlist sp-night (HTTP 401)")
                && text.stderr.contains("; renew the SOUNDSHELF_SPOTIFY_TOKEN token and retry"), "\(text.stderr)")
        let notConnected = try object(
            try run(
                ["music", "refresh", "--json", "--force"],
                env: ["SOUNDSHELF_APPLE_MUSIC_TOKEN": "", "SOUNDSHELF_SPOTIFY_TOKEN": ""]))
        #expect(
            (notConnected["sources"] as? [[String: Any]])?.map { $0["status"] as? String } == [
                "not-connected", "not-connected",
            ])
    }
}
