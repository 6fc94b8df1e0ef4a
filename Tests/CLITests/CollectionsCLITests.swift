import CatalogModel
import Foundation
import TestSupport
import Testing

/// Favorites, scenes and paging through the built `client`: the JSON shapes, idempotent
/// favorites, scene edits by title, cursors across pages, clear errors that change nothing.
@Suite(.serialized, .startsProcesses) struct CollectionsCLITests {
    let tmp: TemporaryDirectory
    let root: String
    let dist: FixtureCatalog

    init() throws {
        tmp = try TemporaryDirectory(prefix: "collections-cli")
        root = tmp.path("root")
        dist = FixtureCatalog(folder: tmp.url.appendingPathComponent("dist"))
        try dist.publish(seed: ClientCLITests.seed, catalogVersion: 3)
    }

    func run(_ args: [String]) throws -> ClientCLIRunner.Result { try ClientCLIRunner.run(args + ["--root", root]) }

    func json(_ args: [String]) throws -> [String: Any] {
        let result = try run(args + ["--json"])
        #expect(result.status == 0, "client \(args) failed: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]
        return try #require(object, "not a JSON object: \(result.stdout)")
    }

    func ids(_ object: [String: Any]) -> [String] {
        (object["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func favoritesShapesAndIdempotence() throws {
        _ = try json(["sync", "--catalog", dist.folder.path])
        let door = SeedFactory.id(11)
        let ghoul = SeedFactory.id(12)
        let music = SeedFactory.id(1)
        let first = try json(["favorite", door.uppercased()])
        #expect(
            first["itemId"] as? String == door && first["favorite"] as? Bool == true
                && first["changed"] as? Bool == true)
        #expect(try json(["favorite", door])["changed"] as? Bool == false)
        _ = try json(["favorite", music])
        _ = try json(["favorite", ghoul])
        let all = try json(["favorites"])
        #expect(all["total"] as? Int == 3 && ids(all) == [ghoul, music, door] && all["nextCursor"] is NSNull)
        let item = try #require((all["items"] as? [[String: Any]])?.first)
        #expect(
            Set(item.keys) == [
                "id", "kind", "title", "subtitle", "duration", "packId", "available", "favorite", "takes", "playback",
                "peaks",
                "license",
            ])
        #expect(item["favorite"] as? Bool == true)
        let page1 = try json(["favorites", "--limit", "2"])
        #expect(ids(page1) == [ghoul, music])
        let cursor = try #require(page1["nextCursor"] as? String)
        let page2 = try json(["favorites", "--limit", "2", "--after", cursor])
        #expect(ids(page2) == [door] && page2["nextCursor"] is NSNull)
        let list = try json(["list", "--kind", "sfx"])
        #expect((list["items"] as? [[String: Any]])?.map { $0["favorite"] as? Bool } == [true, true])
        #expect(try json(["show", ghoul])["favorite"] as? Bool == true)
        #expect(try json(["unfavorite", ghoul])["changed"] as? Bool == true)
        #expect(try json(["unfavorite", ghoul])["changed"] as? Bool == false)
        #expect(try json(["show", ghoul])["favorite"] as? Bool == false)
        let unknown = try run(["favorite", SeedFactory.id(99)])
        #expect(unknown.status != 0 && unknown.stderr.contains(SeedFactory.id(99)) && unknown.stdout.isEmpty)
    }

    @Test func listCursorsAndBadCursors() throws {
        _ = try json(["sync", "--catalog", dist.folder.path])
        let page1 = try json(["list", "--kind", "sfx", "--limit", "1"])
        let cursor = try #require(page1["nextCursor"] as? String)
        let page2 = try json(["list", "--kind", "sfx", "--limit", "1", "--after", cursor])
        #expect(ids(page1) + ids(page2) == [SeedFactory.id(11), SeedFactory.id(12)] && page2["nextCursor"] is NSNull)
        let search = try json(["search", "d", "--limit", "1"])
        #expect(search["total"] as? Int == 2 && search["nextCursor"] is String)
        let foreign = try run(["list", "--kind", "sfx", "--sort", "duration", "--after", cursor, "--json"])
        #expect(foreign.status != 0 && foreign.stderr.contains("another query") && foreign.stdout.isEmpty)
        var chars = Array(cursor)
        chars[chars.count / 2] = chars[chars.count / 2] == "A" ? "B" : "A"
        let forged = try run(["list", "--kind", "sfx", "--after", String(chars), "--json"])
        #expect(forged.status != 0 && forged.stderr.contains("not a cursor of this library"))
    }

    @Test func sceneCommands() throws {
        _ = try json(["sync", "--catalog", dist.folder.path])
        let door = SeedFactory.id(11)
        let ghoul = SeedFactory.id(12)
        let music = SeedFactory.id(1)
        let created = try json(["scene", "create", "Game night"])
        let id = try #require(created["sceneId"] as? String)
        #expect(Set(created.keys) == ["sceneId"])
        let added = try json(["scene", "add", "Game night", door, ghoul])
        #expect(Set(added.keys) == ["sceneId", "title", "count", "duration", "items"])
        #expect(ids(added) == [door, ghoul] && added["count"] as? Int == 2 && added["duration"] as? Double == 2.5)
        #expect(ids(try json(["scene", "add", id, music, "--at", "0"])) == [music, door, ghoul])
        let moved = try json(["scene", "move", "Game night", music, "--to", "2"])
        #expect(ids(moved) == [door, ghoul, music] && moved["duration"] as? Double == 3602.5)
        let twice = try run(["scene", "add", "Game night", door, "--json"])
        #expect(twice.status != 0 && twice.stderr.contains("already in scene"))
        #expect(ids(try json(["scene", "remove", id, door])) == [ghoul, music])
        let renamed = try json(["scene", "rename", "Game night", "Dungeon"])
        #expect(renamed["title"] as? String == "Dungeon" && renamed["sceneId"] as? String == id)
        let list = try json(["scenes"])
        let scenes = try #require(list["scenes"] as? [[String: Any]])
        #expect(scenes.count == 1 && Set(scenes[0].keys) == ["sceneId", "title", "count", "duration"])
        #expect(scenes[0]["count"] as? Int == 2 && scenes[0]["title"] as? String == "Dungeon")
        let shown = try json(["scene", "show", "Dungeon"])
        #expect(ids(shown) == [ghoul, music])
        let deleted = try json(["scene", "delete", "Dungeon"])
        #expect(deleted["sceneId"] as? String == id && deleted["deleted"] as? Bool == true)
        #expect((try json(["scenes"])["scenes"] as? [Any])?.isEmpty == true)
        #expect(try json(["show", door])["id"] as? String == door)
        let missing = try run(["scene", "show", "Dungeon"])
        #expect(missing.status != 0 && missing.stderr.contains("no scene 'Dungeon'"))
    }
}
