import CatalogModel
import Foundation
import TestSupport
import Testing

/// Runs the built `client` on a catalog the test publishes, checking the documented JSON shapes (docs/FORMAT.md).
@Suite(.serialized, .startsProcesses) struct ClientCLITests {
    let tmp: TemporaryDirectory
    let root: String
    let dist: FixtureCatalog

    init() throws {
        tmp = try TemporaryDirectory(prefix: "client-cli")
        root = tmp.path("root")
        dist = FixtureCatalog(folder: tmp.url.appendingPathComponent("dist"))
        try dist.publish(seed: Self.seed, catalogVersion: 3)
    }

    static let seed = SeedFactory.seed(
        version: 3, vocabulary: [.location: ["Forest", "Swamp"]],
        music: [
            SeedFactory.music(
                1, "Into the Underdark",
                tags: TagSet(locations: ["Swamp"], moods: ["Ominous"], themes: ["Hero’s Journey"]))
        ],
        packs: [
            SeedFactory.pack(
                10, "dungeon-delve", kind: .sfx, title: "Dungeon Delve",
                items: [
                    SeedFactory.item(
                        11, "Creaking Door",
                        tags: TagSet(locations: ["Forest"], moods: ["Ominous"], themes: ["Doors & Mechanisms"])),
                    SeedFactory.item(
                        12, "Ghoul Moan", order: 1, duration: nil,
                        tags: TagSet(locations: ["Swamp"], creatureTypes: ["Undead"])),
                ])
        ])

    func client(_ args: [String], env: [String: String] = [:]) throws -> ClientCLIRunner.Result {
        try ClientCLIRunner.run(args, environment: env)
    }

    func json(_ args: [String]) throws -> [String: Any] {
        let result = try client(args + ["--root", root, "--json"])
        #expect(result.status == 0, "client \(args) failed: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        return try #require(object, "not a JSON object: \(result.stdout)")
    }

    func sync() throws -> [String: Any] { try json(["sync", "--catalog", dist.folder.path]) }

    @Test func syncPrintsCountsAndIsIdempotent() throws {
        let first = try sync()
        #expect(first["catalogVersion"] as? Int == 3)
        #expect(first["inserted"] as? Int == 4 && first["updated"] as? Int == 0 && first["hidden"] as? Int == 0)
        let again = try json(["sync"])  // the remembered catalog
        #expect(again["inserted"] as? Int == 0 && again["catalogVersion"] as? Int == 3)
    }

    @Test func listAndSearchShapes() throws {
        _ = try sync()
        let list = try json(["list", "--kind", "sfx", "--location", "forest", "--location", "Swamp", "--limit", "1"])
        #expect(list["total"] as? Int == 2)
        let items = try #require(list["items"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(
            Set(items[0].keys) == [
                "id", "kind", "title", "subtitle", "duration", "packId", "available", "favorite", "takes", "playback",
                "peaks",
                "license",
            ])
        #expect(items[0]["takes"] as? Int == 1, "a seed without takes: one take")
        #expect(items[0]["title"] as? String == "Creaking Door" && items[0]["available"] as? Bool == false)
        #expect(items[0]["subtitle"] is NSNull && items[0]["packId"] as? String == SeedFactory.id(10))
        let search = try json(["search", "GHOUL"])
        #expect((search["items"] as? [[String: Any]])?.first?["id"] as? String == SeedFactory.id(12))
        let themed = try json(["list", "--kind", "music", "--theme", "hero’s journey"])
        #expect(themed["total"] as? Int == 1)
        // Nothing is installed: --installed lists, finds and counts nothing (InstalledOnlyTests: the rest).
        #expect(try json(["list", "--kind", "sfx", "--installed"])["total"] as? Int == 0)
        #expect(try json(["search", "GHOUL", "--installed"])["total"] as? Int == 0)
        #expect(try json(["facets", "--kind", "sfx", "--location", "Forest", "--installed"])["total"] as? Int == 0)
    }

    @Test func showFacetsPacksMusicShapes() throws {
        _ = try sync()
        let show = try json(["show", SeedFactory.id(12).uppercased()])
        let tags = try #require(show["tags"] as? [String: Any])
        #expect(Set(tags.keys) == ["locations", "moods", "themes", "creatureTypes"])
        #expect((tags["creatureTypes"] as? [[String: Any]])?.first?["name"] as? String == "Undead")
        #expect(show["duration"] is NSNull)

        let facets = try json(["facets", "--kind", "sfx", "--mood", "Ominous"])
        #expect(facets["kind"] as? String == "sfx" && facets["total"] as? Int == 1)
        let dims = try #require(facets["facets"] as? [String: [[String: Any]]])
        #expect(Set(dims.keys) == ["locations", "moods", "themes", "creatureTypes"])
        #expect(dims["locations"]?.map { $0["name"] as? String } == ["Forest"])
        #expect(dims["moods"]?.first?["count"] as? Int == 1)
        #expect(
            Set(
                try json(["facets", "--kind", "music"])["facets"].map { ($0 as? [String: Any])?.keys.sorted() ?? [] }
                    ?? [])
                == ["locations", "moods", "themes"])

        let packs = try json(["packs", "--kind", "sfx"])
        let pack = try #require((packs["packs"] as? [[String: Any]])?.first)
        #expect(
            Set(pack.keys) == [
                "id", "slug", "kind", "title", "version", "state", "installedVersion", "bytesTotal",
                "bytesDownloaded", "lastError",
            ])
        #expect(pack["state"] as? String == "not_downloaded" && pack["installedVersion"] is NSNull)
        #expect((try json(["packs", "dungeon-delve"])["packs"] as? [Any])?.count == 1)

        let music = try json(["music"])
        #expect((music["items"] as? [[String: Any]])?.first?["appleMusicPlaylistId"] as? String == "pl.u-1")
    }

    @Test func errorsAreOneReadableLine() throws {
        let unsynced = try client(["list", "--kind", "sfx", "--root", root])
        #expect(unsynced.status != 0 && unsynced.stderr.contains("client sync --catalog"))
        #expect(!FileManager.default.fileExists(atPath: root + "/library.sqlite"))
        _ = try sync()
        let typo = try client(["list", "--kind", "sfx", "--location", "Forrest", "--root", root])
        #expect(typo.status != 0)
        #expect(typo.stderr.contains("unknown location 'Forrest'; did you mean 'Forest'?"))
        let missing = try client(["show", "nope", "--root", root])
        #expect(missing.status != 0 && missing.stderr.contains("'nope'"))
        let badCatalog = try client(["sync", "--catalog", tmp.path("nowhere"), "--root", tmp.path("root2")])
        #expect(badCatalog.status != 0 && badCatalog.stderr.contains("nowhere/catalog.json"))
        #expect(!badCatalog.stderr.contains("Fatal") && badCatalog.stderr.split(separator: "\n").count == 1)
    }

    @Test func rootAndCatalogComeFromTheEnvironment() throws {
        let env = ["SOUNDSHELF_ROOT": root, "SOUNDSHELF_CATALOG": "file://" + dist.folder.path + "/"]
        let result = try client(["sync"], env: env)
        #expect(result.status == 0, "\(result.stderr)")
        let table = try client(["list", "--kind", "sfx"], env: env)
        #expect(
            table.stdout.hasPrefix("ID") && table.stdout.contains("Creaking Door")
                && table.stdout.contains("2 of 2 items"))
    }
}
