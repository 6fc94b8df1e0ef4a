import Foundation
import Hummingbird
import HummingbirdTesting
import SoundshelfServer
import TestSupport
import Testing

/// Players listening along (docs/FORMAT.md §15.2), the router in-process: listen links made, listed and revoked
/// by the owner; what a listener token reaches (the listen page, its stream, the clock, the audio)
/// and what it does not (everything else: 403); unknown and revoked tokens (401).
@Suite("client serve: listen links and their rules", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct ServeListenerTests {
    static func newLink(_ client: any TestClientProtocol) async throws -> (token: String, url: String) {
        let made = try await client.change(.post, "/api/listeners")
        #expect(made.status == .created, "\(made.text)")
        let json = try made.json()
        return (try #require(json["token"] as? String), try #require(json["url"] as? String))
    }

    @Test("POST /api/listeners makes a random link; /listen?token= opens the page and sets a cookie scoped to /listen")
    func makeAndOpen() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            #expect(try await client.send(.post, "/api/listeners").status == .forbidden)
            let (token, url) = try await Self.newLink(client)
            let (other, _) = try await Self.newLink(client)
            #expect(token != other)
            #expect(token.hasPrefix("listen_") && token.count >= "listen_".count + 43, "\(token)")
            #expect(url == "http://localhost/listen?token=\(token)", "\(url)")

            let page = try await client.get("/listen?token=\(token)")
            #expect(page.status == .ok, "\(page.text)")
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("Join"))
            let cookie = try #require(page.headers[.setCookie])
            let parts = Set(cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(
                parts.isSuperset(of: ["soundshelf-listen-80=\(token)", "Path=/listen", "HttpOnly", "SameSite=Strict"]))

            let listed = try await client.get("/api/listeners").json()
            let rows = try #require(listed["listeners"] as? [[String: Any]])
            #expect(Set(rows.compactMap { $0["token"] as? String }) == [token, other])
            #expect(listed["players"] as? Int == 0)
        }
    }

    @Test("a listener reaches only the listen page, its files, the clock and the audio: every other route is 403")
    func listenerReachesOnlyListening() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            #expect(try await client.change(.post, "/api/packs/dungeon-delve/install").status == .ok)
            let items = try await client.get("/api/items?kind=sfx").json()["items"] as? [[String: Any]]
            let id = try #require(items?.first { $0["available"] as? Bool == true }?["id"] as? String)
            let (token, _) = try await Self.newLink(client)
            let cookie = ["Cookie": "soundshelf-listen-80=\(token)"]
            let bearer = ["Authorization": "Bearer \(token)"]
            for headers in [cookie, bearer, ["X-Soundshelf-Token": token]] {
                for path in [
                    "/listen", "/listen/icon.svg", "/listen/audio-engine.js", "/listen/audio/\(id)", "/api/clock",
                ] {
                    let answer = try await client.get(path, headers: headers)
                    #expect(answer.status == .ok, "\(path) \(headers.keys): \(answer.status)")
                }
            }
            #expect(try await client.get("/audio/\(id)", headers: bearer).status == .ok)
            #expect(try await client.get("/listen/app.js", headers: bearer).status == .notFound)
            let owners = [
                "/", "/index.html", "/app.js", "/api/items", "/api/items/\(id)", "/api/packs", "/api/favorites",
                "/api/scenes", "/api/stats", "/api/events", "/api/listeners", "/api/credits", "/nothing",
            ]
            for path in owners {
                for headers in [bearer, ["X-Soundshelf-Token": token]] {
                    let refused = try await client.get(path, headers: headers)
                    #expect(refused.status == .forbidden, "\(path): \(refused.status)")
                    #expect(refused.error?.contains("listen link") == true, "\(refused.text)")
                }
            }
            // Also with the listen page's ?token= on another route, and for changes.
            #expect(try await client.get("/api/packs?token=\(token)").status == .forbidden)
            let changes: [(HTTPRequest.Method, String)] = [
                (.post, "/api/listeners"), (.delete, "/api/listeners/\(token)"), (.post, "/api/listen/events"),
                (.put, "/api/favorites/\(id)"), (.post, "/api/packs/dungeon-delve/install"),
            ]
            for (method, path) in changes {
                let refused = try await client.send(
                    method, path, headers: bearer.merging(["X-Soundshelf": "1"]) { a, _ in a })
                #expect(refused.status == .forbidden, "\(method) \(path)")
            }
            #expect(try await client.get("/api/favorites").json()["total"] as? Int == 0)
            #expect(try await client.get("/api/listeners").json()["listeners"] as? [Any] != nil)
        }
    }

    @Test(
        "unknown and revoked listen tokens are 401, the listen page without one too; the owner's token is not a listener's"
    )
    func unknownRevokedAndOwner() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            #expect(try await client.get("/listen").status == .unauthorized)
            #expect(try await client.get("/listen/events").status == .unauthorized)
            let bogus = "listen_" + String(repeating: "A", count: 43)
            #expect(try await client.get("/listen?token=\(bogus)").status == .unauthorized)
            let unknown = try await client.get("/api/clock", headers: ["Authorization": "Bearer \(bogus)"])
            #expect(unknown.status == .unauthorized)
            #expect(unknown.error?.contains("Players panel") == true, "\(unknown.text)")

            let (token, _) = try await Self.newLink(client)
            #expect(try await client.get("/listen?token=\(token)").status == .ok)
            let revoked = try await client.change(.delete, "/api/listeners/\(token)")
            #expect(revoked.status == .ok, "\(revoked.text)")
            #expect(try await client.get("/listen?token=\(token)").status == .unauthorized)
            #expect(
                try await client.get("/api/clock", headers: ["Authorization": "Bearer \(token)"]).status
                    == .unauthorized)
            #expect(try await client.change(.delete, "/api/listeners/\(token)").status == .notFound)
            #expect((try await client.get("/api/listeners").json()["listeners"] as? [Any])?.isEmpty == true)
        }
        // Off loopback: the owner's token opens the soundboard, not the listen page; a listen token
        // needs no owner token for listening and reaches nothing else.
        let server = fixture.server(host: "0.0.0.0", token: "owner-t0ken")
        try await fixture.test(server) { client async throws in
            let owner = ["X-Soundshelf-Token": "owner-t0ken"]
            #expect(try await client.get("/listen?token=owner-t0ken").status == .unauthorized)
            #expect(try await client.get("/listen", headers: owner).status == .unauthorized)
            let made = try await client.send(
                .post, "/api/listeners", headers: owner.merging(["X-Soundshelf": "1"]) { a, _ in a })
            #expect(made.status == .created)
            let token = try #require(try made.json()["token"] as? String)
            let url = try #require(try made.json()["url"] as? String)
            #expect(url.hasSuffix(":80/listen?token=\(token)") && !url.contains("0.0.0.0"), "\(url)")
            #expect(try await client.get("/listen?token=\(token)").status == .ok)
            #expect(
                try await client.get("/listen/audio-engine.js", headers: ["Cookie": "soundshelf-listen-80=\(token)"])
                    .status
                    == .ok)
            #expect(try await client.get("/api/clock", headers: ["Authorization": "Bearer \(token)"]).status == .ok)
            #expect(
                try await client.get("/api/packs", headers: ["Authorization": "Bearer \(token)"]).status == .forbidden)
            #expect(try await client.get("/api/packs").status == .unauthorized)
            #expect(try await client.get("/api/packs", headers: owner).status == .ok)
        }
    }

    @Test("listen links end when the server stops: the same link is 401 on the next start")
    func linksEndWithTheServer() throws {
        let fixture = try RouterFixture()
        let first = try ServeProcess(root: fixture.root)
        let made = try HTTPClient.send("POST", first.url + "api/listeners", headers: ["X-Soundshelf": "1"])
        #expect(made.status == 201, "\(made.text)")
        let token = try #require(try made.json()["token"] as? String)
        #expect(try HTTPClient.get(first.url + "listen?token=\(token)").status == 200)
        _ = first.stop()
        let second = try ServeProcess(root: fixture.root)
        defer { _ = second.stop() }
        #expect(try HTTPClient.get(second.url + "listen?token=\(token)").status == 401)
        #expect(
            try HTTPClient.get(second.url + "api/clock", headers: ["Authorization": "Bearer \(token)"]).status == 401)
    }
}
