import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryClient
import TestSupport
import Testing

/// Item lists and details are sent again without reading the library while it has not changed
/// (`LibraryAnswerCache`); every change must show in the next answer: one made through the API at
/// once, one made by another process (a `client` command in a terminal) within about a second.
@Suite(
    "client serve: answers kept while the library is unchanged", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct ServeAnswerCacheTests {
    static func favorite(_ client: any TestClientProtocol, _ path: String, _ id: String) async throws -> Bool? {
        let json = try await client.get(path).json()
        let rows = (json["items"] as? [[String: Any]]) ?? [json]
        return rows.first { $0["id"] as? String == id }?["favorite"] as? Bool
    }

    @Test("a favorite made through the API shows in the very next list and details, asked before and after")
    func changeThroughTheAPI() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let list = "/api/items?kind=sfx&limit=5"
            let first = try await client.get(list).json()
            let id = try #require((first["items"] as? [[String: Any]])?.first?["id"] as? String)
            for path in [list, "/api/items/\(id)"] {
                #expect(try await Self.favorite(client, path, id) == false)
                #expect(try await Self.favorite(client, path, id) == false)  // the kept answer
            }
            #expect(try await client.change(.put, "/api/favorites/\(id)").status == .ok)
            #expect(try await Self.favorite(client, list, id) == true)
            #expect(try await Self.favorite(client, "/api/items/\(id)", id) == true)
            #expect(try await client.change(.delete, "/api/favorites/\(id)").status == .ok)
            #expect(try await Self.favorite(client, list, id) == false)
            #expect(try await Self.favorite(client, "/api/items/\(id)", id) == false)
        }
    }

    @Test("a favorite made by another process shows within about two seconds")
    func changeByAnotherProcess() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let list = "/api/items?kind=sfx&limit=5"
            let id = try #require(
                (try await client.get(list).json()["items"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await Self.favorite(client, list, id) == false)
            let made = try ToolRunner.run("client", ["favorite", id, "--root", fixture.root])
            #expect(made.status == 0, "\(made.stderr)")
            var seen: Bool?
            for _ in 0..<40 {
                seen = try await Self.favorite(client, list, id)
                if seen == true { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(seen == true, "the list still says the item is no favorite 4 s after `client favorite`")
        }
    }
}
