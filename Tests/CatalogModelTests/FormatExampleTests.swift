import CatalogModel
import Foundation
import Testing

/// The the format (docs/FORMAT.md) examples decode, and encode back to the same JSON values.
struct FormatExampleTests {
    static let manifest = """
        {"packId": "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", "version": 3, "totalBytes": 123456,
         "assets": [{"assetId": "7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4", "itemId": "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4",
           "url": "assets/7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4.aac", "sha256": "\(String(repeating: "ab", count: 32))",
           "bytes": 123456, "codec": "aac", "sampleRate": 48000, "channels": 2, "loopable": true,
           "tags": {"locations": ["Forest"], "moods": ["Ominous"], "themes": ["Horror Stingers"], "creatureTypes": ["Undead"]}}]}
        """
    static let catalog = """
        {"schemaVersion": 1, "catalogVersion": 7, "generatedAt": "2026-11-22T10:00:00Z",
         "title": "Soundshelf Demo Catalog", "expires": "2027-05-22T10:00:00Z",
         "seed": {"url": "seeds/\(String(repeating: "cd", count: 32)).json", "sha256": "\(String(repeating: "cd", count: 32))", "bytes": 123},
         "packs": [{"id": "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", "slug": "dungeon-delve", "kind": "sfx", "title": "Dungeon Delve", "version": 1,
                    "manifest": {"url": "packs/3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10/1/manifest.json", "sha256": "\(String(repeating: "01", count: 32))", "bytes": 456},
                    "archive":  {"url": "packs/3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10/1/pack.tar", "sha256": "\(String(repeating: "02", count: 32))", "bytes": 789}}]}
        """
    static let seed = """
        {"schemaVersion": 1, "catalogVersion": 7,
         "vocabularies": {"locations": [{"name": "Arctic", "sortOrder": 0}], "moods": [], "musicThemes": [],
                          "atmosphereThemes": [], "sfxThemes": [], "creatureTypes": []},
         "music": [{"id": "1c2b3a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", "title": "Into the Underdark", "subtitle": null, "duration": null, "artworkURL": null,
                    "appleMusicPlaylistId": "pl.u-abc123", "spotifyPlaylistId": null, "tags": {}}],
         "packs": [{"id": "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", "slug": "dungeon-delve", "kind": "sfx", "title": "Dungeon Delve", "description": null, "artworkURL": null,
                    "version": 1, "manifestURL": "packs/3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10/1/manifest.json",
                    "items": [{"id": "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4", "title": "Creaking Door", "subtitle": null, "duration": 2.5, "sortOrder": 0, "tags": {}}]}]}
        """

    static func roundTrips<T: Codable & Equatable>(_ type: T.Type, _ text: String) throws {
        let value = try CatalogJSON.decode(type, from: Data(text.utf8), file: "example.json")
        let encoded = try CatalogJSON.encode(value)
        let again = try CatalogJSON.decode(type, from: encoded, file: "example.json")
        #expect(again == value)
        let original = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        let written = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
        #expect(original == written, "the encoded JSON has the same keys and values as the format's example")
    }

    @Test func manifestRoundTrips() throws {
        try Self.roundTrips(Manifest.self, Self.manifest)
        let m = try CatalogJSON.decode(Manifest.self, from: Data(Self.manifest.utf8), file: "m.json")
        #expect(m.assets[0].fileName == "7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4.aac")
        #expect(ManifestRules.check(m, file: "m.json").isEmpty)
    }

    @Test func catalogRoundTrips() throws {
        try Self.roundTrips(CatalogDocument.self, Self.catalog)
    }

    @Test func seedRoundTripsWithExplicitNulls() throws {
        try Self.roundTrips(Seed.self, Self.seed)
        let seed = try CatalogJSON.decode(Seed.self, from: Data(Self.seed.utf8), file: "s.json")
        #expect(SeedRules.check(seed, file: "s.json").isEmpty)
        #expect(String(decoding: try CatalogJSON.encode(seed), as: UTF8.self).contains("\"subtitle\" : null"))
    }

    /// The exact bytes `CatalogJSON.encode` writes for the manifest example: keys sorted at every
    /// level, two-space indent, `" : "`, slashes unescaped, one trailing newline.
    static let manifestGolden = """
        {
          "assets" : [
            {
              "assetId" : "7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4",
              "bytes" : 123456,
              "channels" : 2,
              "codec" : "aac",
              "itemId" : "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4",
              "loopable" : true,
              "sampleRate" : 48000,
              "sha256" : "\(String(repeating: "ab", count: 32))",
              "tags" : {
                "creatureTypes" : [
                  "Undead"
                ],
                "locations" : [
                  "Forest"
                ],
                "moods" : [
                  "Ominous"
                ],
                "themes" : [
                  "Horror Stingers"
                ]
              },
              "url" : "assets/7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4.aac"
            }
          ],
          "packId" : "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10",
          "totalBytes" : 123456,
          "version" : 3
        }

        """

    /// Encoding matches fixed golden bytes, not just another encoding made by this process, so
    /// key order or formatting that depends on the process (hash seeds, locale) is caught.
    @Test func encodingIsDeterministic() throws {
        let m = try CatalogJSON.decode(Manifest.self, from: Data(Self.manifest.utf8), file: "m.json")
        let encoded = try CatalogJSON.encode(m)
        #expect(String(decoding: encoded, as: UTF8.self) == Self.manifestGolden)
        #expect(encoded == Data(Self.manifestGolden.utf8))
    }

    @Test(arguments: [
        (manifest, DocumentKind.manifest), (catalog, .catalogJSON), (seed, .seed),
        ("id: x\nkind: sfx\nitems:\n", .packYAML), ("title: T\nvocabularies:\n  moods: [A]\n", .catalogYAML),
    ])
    func detectsDocumentsByContent(text: String, kind: DocumentKind) {
        #expect(DocumentKind.detect(Data(text.utf8)) == kind)
    }
}
