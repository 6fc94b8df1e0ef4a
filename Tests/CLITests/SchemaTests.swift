import Foundation
import Testing
import TestSupport

/// The JSON Schemas in schemas/ checked with a real validator: every document the tools read or
/// write passes (the demo sources, `packer init` output, a freshly published catalog, the
/// optional extensions and nulls), and structurally broken documents fail.
struct SchemaTests {
    static let root = ToolRunner.repositoryRoot
    static let fixtures = root.appendingPathComponent("Tests/CatalogModelTests/Fixtures/invalid")

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
        let made = try ToolRunner.run("packer", ["init", tmp.path("new/\(kind)"), "--kind", kind, "--title", "Cave Sounds"])
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
        let dist = try publishDemo(into: tmp)
        let seeds = try files(in: "\(dist)/seeds", suffix: ".json")
        let manifests = try files(in: "\(dist)/packs", suffix: "manifest.json")
        #expect(seeds.count == 1 && manifests.count == 3)
        for (schema, documents) in [("seed", seeds), ("manifest", manifests), ("catalog", ["\(dist)/catalog.json"])] {
            let result = try SchemaCheck.run(schema, documents)
            #expect(result.status == 0, "\(schema): \(result.output)")
        }
    }

    @Test func optionalFieldsNullsAndExtensionsAreAccepted() throws {
        let tmp = try TemporaryDirectory()
        let uuid = "1C2B3A4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D"
        let hash = String(repeating: "ab", count: 32)
        let pack = try tmp.write("p/pack.yaml", """
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
        let catalog = try tmp.write("c/catalog.yaml", """
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
        let seed = try SchemaCheck.write([
            "schemaVersion": 1, "catalogVersion": 7,
            "vocabularies": ["locations": [["name": "Arctic", "sortOrder": 0]], "moods": NSNull()],
            "music": [
                ["id": uuid, "title": "A", "appleMusicPlaylistId": "pl.u-1", "spotifyPlaylistId": "37i9dQZF", "tags": [:]],
                ["id": "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4", "title": "B", "subtitle": NSNull(), "duration": NSNull(),
                 "artworkURL": NSNull(), "appleMusicPlaylistId": "pl.u-2", "spotifyPlaylistId": NSNull(),
                 "tags": ["creatureTypes": [String]()]],
            ],
            "packs": [["id": "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10", "slug": "dungeon-delve", "kind": "sfx", "title": "D",
                       "version": 1, "manifestURL": "https://cdn.example.com/m.json", "futureKey": true,
                       "items": [["id": "7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4", "title": "I", "sortOrder": 0,
                                  "tags": ["moods": NSNull(), "creatureTypes": ["Undead"]]]]]],
        ] as [String: Any], to: "seed.json", in: tmp)
        let manifest = try SchemaCheck.write([
            "packId": uuid, "version": 3, "totalBytes": 10,
            "assets": [["assetId": "7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4", "itemId": "9b3c2d1e-0f4a-4b5c-8d6e-7f8091a2b3c4",
                        "url": "assets/7d1e0f4a-0f4a-4b5c-8d6e-7f8091a2b3c4.aac", "sha256": hash, "bytes": 10,
                        "codec": "aac", "sampleRate": 48000, "channels": 2, "loopable": true]],
        ] as [String: Any], to: "manifest.json", in: tmp)
        let document = try SchemaCheck.write([
            "schemaVersion": 1, "catalogVersion": 7, "generatedAt": "2026-11-22T10:00:00Z", "title": "T",
            "expires": NSNull(), "seed": ["url": "seeds/\(hash).json", "sha256": hash, "bytes": 123],
            "packs": [["id": uuid, "slug": "a", "kind": "atmosphere", "title": "A", "version": 1,
                       "manifest": ["url": "packs/x/1/manifest.json", "sha256": hash, "bytes": 4]]],
        ] as [String: Any], to: "catalog.json", in: tmp)
        for (schema, file) in [("pack", pack), ("catalog-source", catalog), ("seed", seed), ("manifest", manifest),
                               ("catalog", document)] {
            let result = try SchemaCheck.run(schema, [file])
            #expect(result.status == 0, "\(schema): \(result.output)")
        }
    }

    /// Fixtures whose only problems are rules across fields or files (ids used twice, sums,
    /// files on disk, typo guard): structurally sound, so the schemas accept them.
    static let structurallySound: [(String, String)] = [
        ("pack", "directory-file.yaml"), ("pack", "duplicate-item-id.yaml"), ("pack", "folded-duplicate-tag.yaml"),
        ("pack", "item-id-is-pack-id.yaml"), ("pack", "missing-file.yaml"), ("pack", "near-tag-warning.yaml"),
        ("catalog-source", "duplicate-music-id.catalog.yaml"), ("catalog-source", "duplicate-playlist.catalog.yaml"),
        ("catalog-source", "vocabulary-folded-duplicate.catalog.yaml"),
        ("seed", "seed-duplicate-id.json"), ("manifest", "manifest-total-bytes.json"),
    ]

    /// Fixtures broken in their structure: a missing key, a wrong type or pattern, an unknown
    /// kind, key or dimension, a path leaving its folder.
    static let structurallyBroken: [(String, String)] = [
        ("pack", "absolute-file.yaml"), ("pack", "bad-slug.yaml"), ("pack", "bad-uuid.yaml"),
        ("pack", "dimension-not-allowed.yaml"), ("pack", "dotdot-file.yaml"), ("pack", "items-not-list.yaml"),
        ("pack", "loopable-text.yaml"), ("pack", "missing-items.yaml"), ("pack", "missing-title.yaml"),
        ("pack", "music-pack.yaml"), ("pack", "unknown-dimension.yaml"), ("pack", "unknown-key-warning.yaml"),
        ("pack", "unknown-kind.yaml"), ("pack", "version-text.yaml"), ("pack", "version-zero.yaml"),
        ("catalog-source", "base-url.catalog.yaml"), ("catalog-source", "music-creature-tags.catalog.yaml"),
        ("catalog-source", "unknown-vocabulary.catalog.yaml"),
        ("seed", "seed-music-creature.json"),
        ("manifest", "manifest-bad-hash.json"), ("manifest", "manifest-escaping-url.json"),
        ("manifest", "manifest-missing-key.json"), ("manifest", "manifest-wrong-type.json"),
        ("catalog", "catalog-bad-seed-hash.json"), ("catalog", "catalog-unknown-kind.json"),
    ]

    @Test func everyDocumentFixtureIsClassified() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && $0 != "expectations.json" && $0 != "yaml-syntax.yaml" }
        #expect(Set(names) == Set((Self.structurallySound + Self.structurallyBroken).map(\.1)))
    }

    @Test func fixturesWithOnlyCrossFieldProblemsPassTheSchemas() throws {
        for (schema, files) in Self.bySchema(Self.structurallySound) {
            let result = try SchemaCheck.run(schema, files)
            #expect(result.status == 0, "\(result.output)")
        }
    }

    @Test func structurallyBrokenFixturesFailTheSchemas() throws {
        for (schema, files) in Self.bySchema(Self.structurallyBroken) {
            let result = try SchemaCheck.run(schema, files, invalid: true)
            #expect(result.status == 0, "\(result.output)")
        }
    }

    /// The fixtures' paths grouped by schema (one checker run per schema).
    static func bySchema(_ list: [(String, String)]) -> [(String, [String])] {
        Dictionary(grouping: list, by: \.0).sorted { $0.key < $1.key }.map { schema, entries in
            (schema, entries.map { fixtures.appendingPathComponent($0.1).path })
        }
    }

    @Test func brokenDemoSourcesFail() throws {
        let tmp = try TemporaryDirectory()
        let pack = try #require(try? String(contentsOf: DemoCatalog.directory.appendingPathComponent("packs/forest-ambience/pack.yaml"),
                                            encoding: .utf8))
        let packBreaks: [(String, String)] = [
            ("title: \"Forest Ambience\"\n", ""), ("slug: forest-ambience", "slug: Forest Ambience"),
            ("id: 2735046c-1cbc-4599-a6af-c7503fb4e6ff", "id: 2735046c-1cbc"), ("version: 1 ", "version: 0 "),
            ("kind: atmosphere", "kind: ambience"), ("kind: atmosphere", "kind: music"),
            ("title: \"Forest Ambience\"", "title: [Forest, Ambience]"), ("loopable: true", "loopable: 1"),
            ("  locations: [\"Forest\"]", "  creatureTypes: [\"Beast\"]"), ("file: audio/creek.ogg", "file: ../creek.ogg"),
            ("title: \"Creek\"", "titel: \"Creek\""), ("    title: \"Creek\"\n", ""),
        ]
        var broken: [String] = []
        for (i, (old, new)) in packBreaks.enumerated() {
            #expect(pack.contains(old), "the demo pack still has '\(old)'")
            broken.append(try tmp.write("pack-\(i)/pack.yaml", pack.replacingOccurrences(of: old, with: new)))
        }
        let packs = try SchemaCheck.run("pack", broken, invalid: true)
        #expect(packs.status == 0, "\(packs.output)")

        let catalog = try String(contentsOf: DemoCatalog.directory.appendingPathComponent("catalog.yaml"), encoding: .utf8)
        let catalogBreaks: [(String, String)] = [
            ("title: Soundshelf Demo Catalog\n", ""), ("    appleMusicPlaylistId: \"pl.u-0X5rD1KrLtYe4h\"\n", ""),
            ("id: d820ddfc-8060-425e-9282-82a82b58d231", "id: d820ddfc"), ("duration: 3600", "duration: an hour"),
            ("appleMusicPlaylistId: \"pl.u-0X5rD1KrLtYe4h\"", "spotifyPlaylistId: [a, b]\n    appleMusicPlaylistId: x"),
            ("      locations: [\"Underdark\"]", "      creatureTypes: [\"Undead\"]"), ("  moods:\n", "  feelings:\n"),
            ("packs: packs/", "packs: [a, b]"),
        ]
        broken = []
        for (i, (old, new)) in catalogBreaks.enumerated() {
            #expect(catalog.contains(old), "the demo catalog still has '\(old)'")
            broken.append(try tmp.write("catalog-\(i)/catalog.yaml", catalog.replacingOccurrences(of: old, with: new)))
        }
        let catalogs = try SchemaCheck.run("catalog-source", broken, invalid: true)
        #expect(catalogs.status == 0, "\(catalogs.output)")
    }

    @Test func brokenPublishedDocumentsFail() throws {
        let tmp = try TemporaryDirectory()
        let dist = try publishDemo(into: tmp)
        let seed = try SchemaCheck.object(at: try #require(try files(in: "\(dist)/seeds", suffix: ".json").first))
        let manifest = try SchemaCheck.object(at: try #require(try files(in: "\(dist)/packs", suffix: "manifest.json").first))
        let catalog = try SchemaCheck.object(at: "\(dist)/catalog.json")
        let breaks: [(String, Any, [(path: [any Sendable], value: Any?)])] = [
            ("seed", seed, [
                (["packs"], nil), (["catalogVersion"], "7"), (["catalogVersion"], 0), (["schemaVersion"], 2),
                (["packs", 0, "slug"], "Dungeon Delve"), (["packs", 0, "kind"], "music"), (["packs", 0, "version"], 0),
                (["packs", 0, "id"], "not-a-uuid"), (["packs", 0, "items", 0, "tags"], nil),
                (["packs", 0, "items", 0, "tags", "moods"], "Cozy"), (["music", 0, "spotifyPlaylistId"], 42),
                (["music", 0, "tags", "creatureTypes"], ["Undead"]), (["music", 0, "appleMusicPlaylistId"], nil),
                (["vocabularies", "moods", 0, "sortOrder"], nil), (["packs", 1, "items", 0, "tags", "creatureTypes"], ["Beast"]),
            ]),
            ("manifest", manifest, [
                (["assets"], nil), (["packId"], "3f0d6a52"), (["version"], 0), (["kind"], "ambient"),
                (["assets", 0, "codec"], "wav"), (["assets", 0, "bytes"], -1), (["assets", 0, "sampleRate"], 0),
                (["assets", 0, "loopable"], "yes"), (["assets", 0, "url"], "../../x.wav"), (["assets", 0, "itemId"], nil),
                (["totalBytes"], 1.5), (["archive", "sha256"], "abc"),
            ]),
            ("catalog", catalog, [
                (["schemaVersion"], 2), (["seed"], nil), (["seed", "sha256"], "abc"), (["catalogVersion"], 0),
                (["packs", 0, "kind"], "music"), (["packs", 0, "slug"], "Dungeon_Delve"), (["packs", 0, "version"], 0),
                (["expires"], "tomorrow"), (["packs", 0, "manifest", "url"], "/etc/passwd"), (["packs", 0, "id"], "x"),
            ]),
        ]
        for (schema, document, changes) in breaks {
            var paths: [String] = []
            for (i, change) in changes.enumerated() {
                let changed = SchemaCheck.setting(document, change.path, to: change.value)
                paths.append(try SchemaCheck.write(changed, to: "\(schema)-\(i).json", in: tmp))
            }
            let result = try SchemaCheck.run(schema, paths, invalid: true)
            #expect(result.status == 0, "\(schema): \(result.output)")
            let unchanged = try SchemaCheck.run(schema, [try SchemaCheck.write(document, to: "\(schema).json", in: tmp)])
            #expect(unchanged.status == 0, "\(schema): \(unchanged.output)")
        }
    }

    /// Publishes the demo catalog with the built `catalog` tool into `tmp/dist`.
    func publishDemo(into tmp: TemporaryDirectory) throws -> String {
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let result = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        #expect(result.status == 0, "\(result.stderr)")
        return dist
    }

    func files(in folder: String, suffix: String) throws -> [String] {
        let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
    }
}
