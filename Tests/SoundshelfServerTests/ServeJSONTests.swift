import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// Every JSON endpoint of `client serve` answers with exactly the bytes `client … --json` prints
/// for the same query on the same data root (the server in-process, the CLI as a process).
@Suite("client serve: the API's JSON is the CLI's", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct ServeJSONTests {
    /// One query: the API path and the CLI arguments that must print the same document.
    struct Query: CustomStringConvertible, Sendable {
        let path: String
        let cli: [String]
        var description: String { path }
    }

    static let browsing: [Query] = [
        Query(path: "api/items?kind=sfx", cli: ["list", "--kind", "sfx"]),
        Query(
            path: "api/items?kind=atmosphere&sort=duration",
            cli: ["list", "--kind", "atmosphere", "--sort", "duration"]),
        Query(
            path: "api/items?kind=sfx&location=Underdark&mood=Action&mood=Horrific",
            cli: [
                "list", "--kind", "sfx", "--location", "Underdark", "--mood", "Action", "--mood", "Horrific",
            ]),
        Query(
            path: "api/items?kind=sfx&theme=Doors%20%26%20Mechanisms",
            cli: ["list", "--kind", "sfx", "--theme", "Doors & Mechanisms"]),
        Query(path: "api/items?q=tav", cli: ["search", "tav"]),
        Query(
            path: "api/items?q=room&kind=atmosphere&limit=1",
            cli: ["search", "room", "--kind", "atmosphere", "--limit", "1"]),
        Query(path: "api/items?kind=music", cli: ["list", "--kind", "music"]),
        Query(path: "api/facets?kind=sfx", cli: ["facets", "--kind", "sfx"]),
        Query(path: "api/facets?kind=atmosphere&mood=2", cli: ["facets", "--kind", "atmosphere", "--mood", "2"]),
        Query(path: "api/facets?kind=sfx&location=sewers", cli: ["facets", "--kind", "sfx", "--location", "sewers"]),
        Query(path: "api/packs", cli: ["packs"]),
        Query(path: "api/packs?kind=atmosphere", cli: ["packs", "--kind", "atmosphere"]),
        Query(path: "api/items/dungeon-delve", cli: ["show", "dungeon-delve"]),
        Query(path: "api/credits", cli: ["credits"]),
        Query(path: "api/credits?installed=1", cli: ["credits", "--installed"]),
        Query(path: "api/tracks", cli: ["tracks"]),
        Query(path: "api/tracks?sort=title&limit=5", cli: ["tracks", "--sort", "title", "--limit", "5"]),
        Query(path: "api/stats?now=2026-01-05T12:00:00Z", cli: ["stats", "--now", "2026-01-05T12:00:00Z"]),
        Query(path: "api/charts", cli: ["charts"]),
        Query(
            path: "api/charts?period=year&now=2026-06-01T00:00:00Z&limit=3",
            cli: [
                "charts", "--period", "year", "--now", "2026-06-01T00:00:00Z", "--limit", "3",
            ]),
    ]

    private static func expectSame(
        _ query: Query, _ fixture: RouterFixture, _ client: any TestClientProtocol
    ) async throws {
        let reply = try await client.get("/" + query.path)
        let cli = try fixture.cli(query.cli)
        #expect(cli.status == 0, "\(query.cli): \(cli.stderr)")
        #expect(reply.status == .ok, "\(query.path): \(reply.text)")
        #expect(reply.headers[.contentType]?.hasPrefix("application/json") == true, "\(query.path)")
        #expect(reply.text == cli.stdout, "\(query.path) differs from client \(query.cli.joined(separator: " "))")
    }

    @Test("lists, search, facets, packs, show, tracks, stats and charts equal the CLI's --json")
    func browsingEndpoints() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            for query in Self.browsing { try await Self.expectSame(query, fixture, client) }
            try await Self.paging(fixture, client)
        }
    }

    private static func paging(_ fixture: RouterFixture, _ client: any TestClientProtocol) async throws {
        // Paging: the second page through the first page's cursor, both ways.
        let first = try await client.get("/api/items?kind=atmosphere&limit=4").json()
        let cursor = try #require(first["nextCursor"] as? String)
        let escaped = try #require(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        try await expectSame(
            Query(
                path: "api/items?kind=atmosphere&limit=4&after=\(escaped)",
                cli: ["list", "--kind", "atmosphere", "--limit", "4", "--after", cursor]), fixture, client)

        // An item by id.
        let items = try #require(first["items"] as? [[String: Any]])
        let id = try #require(items.first?["id"] as? String)
        try await expectSame(Query(path: "api/items/\(id)", cli: ["show", id]), fixture, client)

        // A music entry's tracks.
        let music = try await client.get("/api/items?kind=music&limit=1").json()["items"]
        let entry = try #require((music as? [[String: Any]])?.first?["id"] as? String)
        try await expectSame(
            Query(path: "api/tracks?entry=\(entry)", cli: ["music", "tracks", entry]), fixture, client)
    }

    @Test("favorites, scenes and plays made through the API read back as the CLI prints them")
    func collectionsAndPlays() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let page = try await client.get("/api/items?kind=sfx&limit=3").json()
            let ids = try #require((page["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
            try #require(ids.count == 3)

            let favorite = try await client.change(.put, "/api/favorites/\(ids[0])")
            #expect(favorite.status == .ok)
            #expect(try favorite.json() as NSDictionary == ["itemId": ids[0], "favorite": true, "changed": true])
            #expect(try await client.change(.put, "/api/favorites/\(ids[1])").status == .ok)
            #expect(try await client.change(.delete, "/api/favorites/\(ids[1])").json()["changed"] as? Bool == true)
            try await Self.expectSame(Query(path: "api/favorites", cli: ["favorites"]), fixture, client)
            try await Self.scenes(ids, fixture, client)
            try await Self.plays(ids, fixture, client)
        }
    }

    private static func scenes(_ ids: [String], _ fixture: RouterFixture, _ client: any TestClientProtocol) async throws
    {
        let created = try await client.change(.post, "/api/scenes", body: #"{"title": "Game night"}"#)
        #expect(created.status == .created, "\(created.text)")
        let sceneID = try #require(try created.json()["sceneId"] as? String)
        let put = try await client.change(
            .put, "/api/scenes/\(sceneID)", body: #"{"title": "Boss fight", "items": ["\#(ids[2])", "\#(ids[0])"]}"#)
        #expect(put.status == .ok, "\(put.text)")
        let show = try fixture.cli(["scene", "show", sceneID])
        #expect(put.text == show.stdout)
        #expect(try put.json()["title"] as? String == "Boss fight")
        try await expectSame(Query(path: "api/scenes", cli: ["scenes"]), fixture, client)
        try await expectSame(Query(path: "api/scenes/\(sceneID)", cli: ["scene", "show", sceneID]), fixture, client)
        let deleted = try await client.change(.delete, "/api/scenes/\(sceneID)")
        #expect(try deleted.json() as NSDictionary == ["sceneId": sceneID, "deleted": true])
        #expect(try await client.get("/api/scenes/\(sceneID)").status == .notFound)
    }

    private static func plays(_ ids: [String], _ fixture: RouterFixture, _ client: any TestClientProtocol) async throws
    {
        let play = try await client.change(
            .post, "/api/plays",
            body: #"{"target": "\#(ids[0])", "played": 3600, "at": "2030-01-01T10:00:00Z", "source": "manual"}"#)
        #expect(play.status == .ok, "\(play.text)")
        #expect(try play.json()["counted"] as? Bool == true)
        let again = try await client.change(
            .post, "/api/plays",
            body: #"{"target": "\#(ids[0])", "played": 3600, "at": "2030-01-01T10:00:10Z", "source": "manual"}"#)
        #expect(try again.json() as NSDictionary == ["counted": false, "reason": "duplicate"])
        try await expectSame(Query(path: "api/history", cli: ["history"]), fixture, client)
        try await expectSame(
            Query(path: "api/charts?now=2030-01-02T00:00:00Z", cli: ["charts", "--now", "2030-01-02T00:00:00Z"]),
            fixture, client)
        try await expectSame(
            Query(path: "api/stats?now=2030-01-02T00:00:00Z", cli: ["stats", "--now", "2030-01-02T00:00:00Z"]),
            fixture, client)
    }

    @Test("bad queries are a JSON error with a 4xx status, and change nothing")
    func errors() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let cases: [(String, Int)] = [
                ("api/items?kind=musik", 400), ("api/items", 400), ("api/items?kind=sfx&mood=cheerfulness", 400),
                ("api/items?kind=sfx&limit=-1", 400), ("api/items?kind=sfx&after=garbage", 400),
                ("api/facets", 400), ("api/items/00000000-0000-4000-8000-000000000000", 404),
                ("api/scenes/nope", 404), ("api/charts?period=decade", 400), ("api/nothing-here", 404),
            ]
            for (path, status) in cases {
                let reply = try await client.get("/" + path)
                #expect(reply.status.code == status, "\(path): \(reply.text)")
                #expect(reply.error?.isEmpty == false, "\(path): \(reply.text)")
            }
            let badBody = try await client.change(.post, "/api/plays", body: "{not json")
            #expect(badBody.status == .badRequest)
            let unknown = try await client.change(.post, "/api/plays", body: #"{"target": "nope", "played": 100}"#)
            #expect(unknown.status == .notFound)
        }
        let history = try JSONSerialization.jsonObject(with: try fixture.cli(["history"]).stdoutData) as? [String: Any]
        #expect((history?["plays"] as? [Any])?.isEmpty == true)
    }
}
