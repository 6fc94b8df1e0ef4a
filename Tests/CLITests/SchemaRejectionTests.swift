import Foundation
import TestSupport
import Testing

/// The schemas reject structurally broken documents (missing keys, wrong types, bad ids, slugs,
/// versions, kinds, dimensions, paths) and accept documents whose only problems are rules across
/// fields or files, which the tools check.
@Suite(.serialized, .startsProcesses)
struct SchemaRejectionTests {
    static let fixtures = ToolRunner.repositoryRoot.appendingPathComponent("Tests/CatalogModelTests/Fixtures/invalid")

    /// Fixtures whose only problems are rules across fields or files (ids used twice, sums,
    /// files on disk, typo guard): structurally sound, so the schemas accept them.
    static let structurallySound: [(String, String)] = [
        ("pack", "directory-file.yaml"), ("pack", "duplicate-item-id.yaml"), ("pack", "folded-duplicate-tag.yaml"),
        ("pack", "item-id-is-pack-id.yaml"), ("pack", "missing-file.yaml"), ("pack", "near-tag-warning.yaml"),
        ("pack", "text-named-wav.yaml"), ("pack", "declared-channels-mismatch.yaml"),
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
            .filter {
                ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && $0 != "expectations.json"
                    && $0 != "yaml-syntax.yaml"
            }
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
        let pack = try #require(
            try? String(
                contentsOf: DemoCatalog.directory.appendingPathComponent("packs/forest-ambience/pack.yaml"),
                encoding: .utf8))
        let packBreaks: [(String, String)] = [
            ("title: \"Forest Ambience\"\n", ""), ("slug: forest-ambience", "slug: Forest Ambience"),
            ("id: 2735046c-1cbc-4599-a6af-c7503fb4e6ff", "id: 2735046c-1cbc"), ("version: 1 ", "version: 0 "),
            ("kind: atmosphere", "kind: ambience"), ("kind: atmosphere", "kind: music"),
            ("title: \"Forest Ambience\"", "title: [Forest, Ambience]"), ("loopable: true", "loopable: 1"),
            ("  locations: [\"Forest\"]", "  creatureTypes: [\"Beast\"]"),
            ("file: audio/creek.ogg", "file: ../creek.ogg"),
            ("title: \"Creek\"", "titel: \"Creek\""), ("    title: \"Creek\"\n", ""),
        ]
        var broken: [String] = []
        for (i, (old, new)) in packBreaks.enumerated() {
            #expect(pack.contains(old), "the demo pack still has '\(old)'")
            broken.append(try tmp.write("pack-\(i)/pack.yaml", pack.replacingOccurrences(of: old, with: new)))
        }
        let packs = try SchemaCheck.run("pack", broken, invalid: true)
        #expect(packs.status == 0, "\(packs.output)")

        let catalog = try String(
            contentsOf: DemoCatalog.directory.appendingPathComponent("catalog.yaml"), encoding: .utf8)
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
        let dist = try SchemaCheck.publishDemo(into: tmp)
        let seed = try SchemaCheck.object(
            at: try #require(try SchemaCheck.files(in: "\(dist)/seeds", suffix: ".json").first))
        let manifest = try SchemaCheck.object(
            at: try #require(try SchemaCheck.files(in: "\(dist)/packs", suffix: "manifest.json").first))
        let catalog = try SchemaCheck.object(at: "\(dist)/catalog.json")
        let breaks: [(String, Any, [(path: [any Sendable], value: Any?)])] = [
            (
                "seed", seed,
                [
                    (["packs"], nil), (["catalogVersion"], "7"), (["catalogVersion"], 0), (["schemaVersion"], 2),
                    (["packs", 0, "slug"], "Dungeon Delve"), (["packs", 0, "kind"], "music"),
                    (["packs", 0, "version"], 0),
                    (["packs", 0, "id"], "not-a-uuid"), (["packs", 0, "items", 0, "tags"], nil),
                    (["packs", 0, "items", 0, "tags", "moods"], "Cozy"), (["music", 0, "spotifyPlaylistId"], 42),
                    (["music", 0, "tags", "creatureTypes"], ["Undead"]), (["music", 0, "appleMusicPlaylistId"], nil),
                    (["vocabularies", "moods", 0, "sortOrder"], nil),
                    (["packs", 1, "items", 0, "tags", "creatureTypes"], ["Beast"]),
                ]
            ),
            (
                "manifest", manifest,
                [
                    (["assets"], nil), (["packId"], "3f0d6a52"), (["version"], 0), (["kind"], "ambient"),
                    (["assets", 0, "codec"], "wav"), (["assets", 0, "bytes"], -1), (["assets", 0, "sampleRate"], 0),
                    (["assets", 0, "loopable"], "yes"), (["assets", 0, "url"], "../../x.wav"),
                    (["assets", 0, "itemId"], nil),
                    (["totalBytes"], 1.5), (["archive", "sha256"], "abc"),
                ]
            ),
            (
                "catalog", catalog,
                [
                    (["schemaVersion"], 2), (["seed"], nil), (["seed", "sha256"], "abc"), (["catalogVersion"], 0),
                    (["packs", 0, "kind"], "music"), (["packs", 0, "slug"], "Dungeon_Delve"),
                    (["packs", 0, "version"], 0),
                    (["expires"], "tomorrow"), (["packs", 0, "manifest", "url"], "/etc/passwd"),
                    (["packs", 0, "id"], "x"),
                ]
            ),
        ]
        for (schema, document, changes) in breaks {
            var paths: [String] = []
            for (i, change) in changes.enumerated() {
                let changed = SchemaCheck.setting(document, change.path, to: change.value)
                paths.append(try SchemaCheck.write(changed, to: "\(schema)-\(i).json", in: tmp))
            }
            let result = try SchemaCheck.run(schema, paths, invalid: true)
            #expect(result.status == 0, "\(schema): \(result.output)")
            let unchanged = try SchemaCheck.run(
                schema, [try SchemaCheck.write(document, to: "\(schema).json", in: tmp)])
            #expect(unchanged.status == 0, "\(schema): \(unchanged.output)")
        }
    }
}
