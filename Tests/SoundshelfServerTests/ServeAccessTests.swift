import Foundation
import Hummingbird
import HummingbirdTesting
import SoundshelfServer
import TestSupport
import Testing

/// Who the server answers (the router in-process): only requests naming it in `Host` (421
/// otherwise), off loopback only those carrying its token (401 otherwise), and bodies up to the
/// limit (413 beyond).
@Suite("client serve: Host, token and body limit", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct ServeAccessTests {
    @Test("a request naming another host (a rebound domain) is refused with 421 and changes nothing")
    func rebindingIsRefused() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let page = try await client.get("/api/items?kind=sfx&limit=1").json()
            let item = try #require((page["items"] as? [[String: Any]])?.first?["id"] as? String)
            for host in ["attacker.example:80", "attacker.example", "localhost:8421", "127.0.0.1.attacker.example:80"] {
                let change = try await client.send(
                    .put, "/api/favorites/\(item)", headers: ["Host": host, "X-Soundshelf": "1"])
                #expect(change.status == .misdirectedRequest, "\(host): \(change.text)")
                #expect(change.error?.contains("'\(host)'") == true, "\(change.text)")
                #expect(change.error?.contains("localhost:80") == true, "\(change.text)")
                let read = try await client.get("/api/favorites", headers: ["Host": host])
                #expect(read.status == .misdirectedRequest)
                #expect(try await client.get("/", headers: ["Host": host]).status == .misdirectedRequest)
            }
            #expect(try await client.get("/api/favorites").json()["total"] as? Int == 0)
            for host in ["127.0.0.1:80", "localhost:80", "LocalHost:80", "[::1]:80", "127.0.0.1"] {
                #expect(try await client.get("/api/favorites", headers: ["Host": host]).status == .ok, "\(host)")
            }
        }
    }

    @Test("the address given with --host is a name the server answers")
    func givenHostIsAllowed() async throws {
        let fixture = try RouterFixture()
        let server = fixture.server(host: "soundboard.example", token: "t0ken")
        try await fixture.test(server) { client async throws in
            let ok = try await client.get(
                "/api/packs", headers: ["Host": "soundboard.example:80", "X-Soundshelf-Token": "t0ken"])
            #expect(ok.status == .ok, "\(ok.text)")
            let other = try await client.get(
                "/api/packs", headers: ["Host": "other.example:80", "X-Soundshelf-Token": "t0ken"])
            #expect(other.status == .misdirectedRequest)
        }
    }

    @Test("off loopback: 401 without the token; ?token= sets an HttpOnly SameSite=Strict cookie; headers work")
    func tokenOffLoopback() async throws {
        let fixture = try RouterFixture()
        let server = fixture.server(host: "0.0.0.0")
        let token = try #require(server.access.token)
        #expect(!server.access.isLoopbackOnly)
        try await fixture.test(server) { client async throws in
            for path in ["/", "/app.css", "/api/packs", "/audio/00000000-0000-4000-8000-000000000000", "/nothing"] {
                let refused = try await client.get(path)
                #expect(refused.status == .unauthorized, "\(path)")
                #expect(refused.error?.contains("token") == true, "\(path): \(refused.text)")
            }
            #expect(try await client.get("/?token=wrong").status == .unauthorized)
            #expect(try await client.get("/?token=\(token)x").status == .unauthorized)

            let page = try await client.get("/?token=\(token)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let cookie = try #require(page.headers[.setCookie])
            let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(parts.first == "soundshelf-token-80=\(token)", "\(cookie)")
            #expect(parts.contains("HttpOnly") && parts.contains("SameSite=Strict") && parts.contains("Path=/"))

            let cookieHeader = ["Cookie": "theme=dark; soundshelf-token-80=\(token)"]
            #expect(try await client.get("/api/packs", headers: cookieHeader).status == .ok)
            #expect(try await client.get("/api/packs", headers: ["X-Soundshelf-Token": token]).status == .ok)
            #expect(try await client.get("/api/packs", headers: ["Authorization": "Bearer \(token)"]).status == .ok)
            #expect(
                try await client.get("/api/packs", headers: ["Authorization": "Bearer x\(token)"]).status
                    == .unauthorized)
            let otherPort = ["Cookie": "soundshelf-token-8421=\(token)"]
            #expect(try await client.get("/api/packs", headers: otherPort).status == .unauthorized)
            try await Self.changesNeedTokenAndHeader(token, client)
        }
    }

    private static func changesNeedTokenAndHeader(_ token: String, _ client: any TestClientProtocol) async throws {
        let page = try await client.get("/api/items?kind=sfx&limit=1", headers: ["X-Soundshelf-Token": token]).json()
        let item = try #require((page["items"] as? [[String: Any]])?.first?["id"] as? String)
        let withoutToken = try await client.send(.put, "/api/favorites/\(item)", headers: ["X-Soundshelf": "1"])
        #expect(withoutToken.status == .unauthorized)
        let withoutHeader = try await client.send(
            .put, "/api/favorites/\(item)", headers: ["X-Soundshelf-Token": token])
        #expect(withoutHeader.status == .forbidden)
        let favorites = try await client.get("/api/favorites", headers: ["X-Soundshelf-Token": token]).json()
        #expect(favorites["total"] as? Int == 0)
        let both = try await client.send(
            .put, "/api/favorites/\(item)", headers: ["X-Soundshelf-Token": token, "X-Soundshelf": "1"])
        #expect(both.status == .ok, "\(both.text)")
    }

    @Test("on loopback no token is asked for unless one is given; off loopback a new random one each start")
    func whoNeedsAToken() async throws {
        for host in ["127.0.0.1", "::1", "[::1]", "localhost", "LOCALHOST"] {
            #expect(ServerAccess(host: host).token == nil, "\(host)")
        }
        let first = try #require(ServerAccess(host: "0.0.0.0").token)
        let second = try #require(ServerAccess(host: "192.168.1.20").token)
        #expect(first != second)
        #expect(ServerAccess(host: "0.0.0.0", token: "mine").token == "mine")
        #expect(ServerAccess(host: "127.0.0.1", token: "mine").token == "mine")
        #expect(ServerAccess(host: "0.0.0.0").url(port: 8421).hasPrefix("http://0.0.0.0:8421/?token="))
        #expect(ServerAccess(host: "::", token: "a b").url(port: 1) == "http://[::]:1/?token=a%20b")
        #expect(ServerAccess(host: "127.0.0.1").url(port: 8421) == "http://127.0.0.1:8421/")
        #expect(ServerAccess(host: "0.0.0.0").reach.contains("other machines"))
        #expect(ServerAccess(host: "127.0.0.1").reach == "reachable from this machine only")

        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            #expect(try await client.get("/api/packs").status == .ok)
        }
        try await fixture.test(token: "given-on-loopback") { client async throws in
            #expect(try await client.get("/api/packs").status == .unauthorized)
            #expect(try await client.get("/api/packs?token=given-on-loopback").status == .ok)
        }
    }

    @Test("a body over the limit is a 413 with a sentence, and nothing changes")
    func bodyOverTheLimit() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let title = String(repeating: "a", count: 1 << 20)
            let large = try await client.change(.post, "/api/scenes", body: #"{"title": "\#(title)"}"#)
            #expect(large.status == .contentTooLarge)
            let message = try #require(large.error)
            #expect(message.contains("larger than this server accepts (at most 1 MiB)"), "\(message)")
            #expect(!message.contains("NIO"))
            let justUnder = String(repeating: " ", count: (1 << 20) - 20)
            let under = try await client.change(.post, "/api/scenes", body: #"{"title": "Near"}"# + justUnder)
            #expect(under.status == .created, "\(under.text)")
            let scenes = try await client.get("/api/scenes").json()["scenes"] as? [[String: Any]]
            #expect(scenes?.map { $0["title"] as? String } == ["Near"])
        }
    }
}
