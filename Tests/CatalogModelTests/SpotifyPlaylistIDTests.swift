import CatalogModel
import Foundation
import TestSupport
import Testing

/// The optional Spotify playlist of a music entry: read from catalog.yaml, unique, carried in
/// the seed, and absent from older seeds.
struct SpotifyPlaylistIDTests {
    static func seedJSON(_ music: String) -> String {
        """
        {"schemaVersion": 1, "catalogVersion": 1,
         "vocabularies": {"locations": [], "moods": [], "musicThemes": [], "atmosphereThemes": [], "sfxThemes": [], "creatureTypes": []},
         "music": [\(music)], "packs": []}
        """
    }

    @Test func olderSeedsWithoutItStayReadable() throws {
        let data = Data(
            Self.seedJSON(
                #"{"id": "1c2b3a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", "title": "T", "appleMusicPlaylistId": "pl.u-1", "tags": {}}"#
            ).utf8)
        let slow = try CatalogJSON.decode(Seed.self, from: data, file: "seed.json")
        let fast = try #require(SeedFastDecoder.decode(data))
        #expect(slow.music[0].spotifyPlaylistId == nil && fast == slow)
    }

    @Test func itTravelsThroughTheSeed() throws {
        let data = Data(
            Self.seedJSON(
                #"{"id": "1c2b3a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", "title": "T", "appleMusicPlaylistId": "pl.u-1", "spotifyPlaylistId": "37i9dQZF1DX8NTLI2TtZa6", "tags": {}}"#
            ).utf8)
        let slow = try CatalogJSON.decode(Seed.self, from: data, file: "seed.json")
        #expect(slow.music[0].spotifyPlaylistId == "37i9dQZF1DX8NTLI2TtZa6")
        #expect(SeedFastDecoder.decode(data) == slow)
        let again = try CatalogJSON.decode(Seed.self, from: try CatalogJSON.encode(slow), file: "seed.json")
        #expect(again == slow)
    }

    @Test func aReusedSpotifyPlaylistIsAnErrorInTheSeed() {
        let entry = { (n: Int, apple: String) in
            Seed.MusicEntry(
                id: SeedFactory.id(n), title: "E\(n)", appleMusicPlaylistId: apple, spotifyPlaylistId: "sp-same")
        }
        let seed = Seed(
            catalogVersion: 1, vocabularies: Vocabularies(), music: [entry(1, "pl.u-1"), entry(2, "pl.u-2")], packs: [])
        let problems = SeedRules.check(seed, file: "seed.json")
        #expect(problems.contains { $0.path == "$.music[1].spotifyPlaylistId" && $0.message.contains("sp-same") })
    }

    @Test func catalogYAMLReadsItAndRefusesAReuse() throws {
        let tmp = try TemporaryDirectory(prefix: "spotify-yaml")
        try FileManager.default.createDirectory(
            at: tmp.url.appendingPathComponent("packs"), withIntermediateDirectories: true)
        let yaml = """
            title: T
            music:
              - id: 1c2b3a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d
                title: One
                appleMusicPlaylistId: pl.u-1
                spotifyPlaylistId: 37i9dQZF1DX8NTLI2TtZa6
              - id: 2c2b3a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d
                title: Two
                appleMusicPlaylistId: pl.u-2
                spotifyPlaylistId: 37i9dQZF1DX8NTLI2TtZa6
            packs: packs/
            """
        let path = tmp.path("catalog.yaml")
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        let (catalog, report) = CatalogValidator.validate(catalogAt: path)
        #expect(
            catalog?.catalog.music.map(\.spotifyPlaylistId) == ["37i9dQZF1DX8NTLI2TtZa6", "37i9dQZF1DX8NTLI2TtZa6"])
        let error = try #require(report.diagnostics.first { $0.path == "music[1].spotifyPlaylistId" }, "\(report)")
        #expect(error.message.contains("already used by 'One'") && error.line == 10)
    }
}
