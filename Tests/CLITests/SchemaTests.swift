import Foundation
import TestSupport
import Testing

/// The JSON Schemas in schemas/ checked with a real validator: every document the tools read or
/// write passes (the demo sources, `packer init` output, a freshly published catalog, the
/// optional extensions and nulls). Broken documents: ``SchemaRejectionTests``.
@Suite(.serialized, .startsProcesses)
struct SchemaTests {
    @Test func demoSourcesAreValidAndLinkTheirSchema() throws {
        let catalog = DemoCatalog.directory.appendingPathComponent("catalog.yaml").path
        let source = try SchemaCheck.run("catalog-source", [catalog], schemaLine: true)
        #expect(source.status == 0, "\(source.output)")
        let packs = ["dungeon-delve", "forest-ambience", "tavern-life"].map {
            DemoCatalog.directory.appendingPathComponent("packs/\($0)/pack.yaml").path
        }
        let result = try SchemaCheck.run("pack", packs, schemaLine: true)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(arguments: ["sfx", "atmosphere"])
    func packerInitOutputIsValidAndLinksTheSchema(kind: String) throws {
        let tmp = try TemporaryDirectory()
        let made = try ToolRunner.run(
            "packer", ["init", tmp.path("new/\(kind)"), "--kind", kind, "--title", "Cave Sounds"])
        #expect(made.status == 0, "\(made.stderr)")
        let pack = tmp.path("new/\(kind)/pack.yaml")
        let fresh = try SchemaCheck.run("pack", [pack], schemaLine: true)
        #expect(fresh.status == 0, "\(fresh.output)")
        let audio = DemoCatalog.directory.appendingPathComponent("packs/dungeon-delve/audio/door-creak.wav").path
        let add = try ToolRunner.run("packer", ["add", pack, audio])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(tmp.read("new/\(kind)/pack.yaml")?.hasPrefix("# yaml-language-server: $schema=") == true)
        let added = try SchemaCheck.run("pack", [pack], schemaLine: true)
        #expect(added.status == 0, "\(added.output)")
        #expect(try ToolRunner.run("packer", ["validate", pack]).status == 0)
    }

    @Test func freshlyPublishedDemoCatalogIsValid() throws {
        let tmp = try TemporaryDirectory()
        let dist = try SchemaCheck.publishDemo(into: tmp)
        let seeds = try SchemaCheck.files(in: "\(dist)/seeds", suffix: ".json")
        let manifests = try SchemaCheck.files(in: "\(dist)/packs", suffix: "manifest.json")
        #expect(seeds.count == 1 && manifests.count == 5)
        for (schema, documents) in [("seed", seeds), ("manifest", manifests), ("catalog", ["\(dist)/catalog.json"])] {
            let result = try SchemaCheck.run(schema, documents)
            #expect(result.status == 0, "\(schema): \(result.output)")
        }
        let second = try TemporaryDirectory()
        let sharded = try SchemaCheck.publishDemo(into: second, schema: 2)
        let result = try SchemaCheck.run("catalog", ["\(sharded)/catalog.json"])
        #expect(result.status == 0, "schema 2: \(result.output)")
    }

    @Test func optionalFieldsNullsAndExtensionsAreAccepted() throws {
        let tmp = try TemporaryDirectory()
        let uuid = "1C2B3A4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D"
        let hash = String(repeating: "ab", count: 32)
        let pack = try tmp.write(
            "p/pack.yaml",
            """
            id: \(uuid)
            slug: "2024"
            kind: SFX
            title: 1984
            version: "2"
            description: ~
            artwork: https://example.com/art.png
            tags: {locations: Forest}
            items:
              - id: 9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4
                assetId: 7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4
                title: Door
                subtitle: 2026-01-01
                file: audio/door.wav
                loopable: yes
                codec: pcm
                sampleRate: 48000
                channels: 2
                duration: 1.5
                tags: {creatureTypes: [Undead], moods: }
            """)
        let catalog = try tmp.write(
            "c/catalog.yaml",
            """
            title: Demo
            baseURL: https://cdn.example.com/shelf/
            vocabularies: {locations: [Forest, Hill], moods: Cozy, musicThemes: ~}
            music:
              - id: \(uuid)
                title: Night
                appleMusicPlaylistId: pl.u-abc123
                spotifyPlaylistId: 37i9dQZF1DX8NTLI2TtZa6
                duration: 3600
                tags: {themes: [Epic War]}
              - id: 9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4
                title: Day
                appleMusicPlaylistId: pl.u-def456
                spotifyPlaylistId: null
                artworkURL: null
            packs: packs/
            """)
        let seed = try SchemaCheck.write(
            [
                "schemaVersion": 1, "catalogVersion": 7,
                "vocabularies": ["locations": [["name": "Arctic", "sortOrder": 0]], "moods": NSNull()],
                "music": [
                    [
                        "id": uuid, "title": "A", "appleMusicPlaylistId": "pl.u-1", "spotifyPlaylistId": "37i9dQZF",
                        "tags": [:],
                    ],
                    [
                        "id": "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4", "title": "B", "subtitle": NSNull(),
                        "duration": NSNull(),
                        "artworkURL": NSNull(), "appleMusicPlaylistId": "pl.u-2", "spotifyPlaylistId": NSNull(),
                        "tags": ["creatureTypes": [String]()],
                    ],
                ],
                "packs": [
                    [
                        "id": "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", "slug": "dungeon-delve", "kind": "sfx",
                        "title": "D",
                        "version": 1, "manifestURL": "https://cdn.example.com/m.json", "futureKey": true,
                        "items": [
                            [
                                "id": "7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4", "title": "I", "sortOrder": 0,
                                "tags": ["moods": NSNull(), "creatureTypes": ["Undead"]],
                            ]
                        ],
                    ]
                ],
            ] as [String: Any], to: "seed.json", in: tmp)
        let manifest = try SchemaCheck.write(
            [
                "packId": uuid, "version": 3, "totalBytes": 10,
                "assets": [
                    [
                        "assetId": "7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4",
                        "itemId": "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4",
                        "url": "assets/7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4.aac", "sha256": hash, "bytes": 10,
                        "codec": "aac", "sampleRate": 48000, "channels": 2, "loopable": true,
                    ]
                ],
            ] as [String: Any], to: "manifest.json", in: tmp)
        let document = try SchemaCheck.write(
            [
                "schemaVersion": 1, "catalogVersion": 7, "generatedAt": "2026-11-22T10:00:00Z", "title": "T",
                "expires": NSNull(), "seed": ["url": "seeds/\(hash).json", "sha256": hash, "bytes": 123],
                "packs": [
                    [
                        "id": uuid, "slug": "a", "kind": "atmosphere", "title": "A", "version": 1,
                        "manifest": ["url": "packs/x/1/manifest.json", "sha256": hash, "bytes": 4],
                    ]
                ],
            ] as [String: Any], to: "catalog.json", in: tmp)
        for (schema, file) in [
            ("pack", pack), ("catalog-source", catalog), ("seed", seed), ("manifest", manifest),
            ("catalog", document),
        ] {
            let result = try SchemaCheck.run(schema, [file])
            #expect(result.status == 0, "\(schema): \(result.output)")
        }
    }
}
