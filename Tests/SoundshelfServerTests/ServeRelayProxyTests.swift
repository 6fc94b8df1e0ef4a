import Foundation
import TestSupport
import Testing

/// Several relays behind nginx (docs/RELAY.md): `hash $session consistent` on the session id in the
/// path sends a game master's socket and every page of its players to one relay; when that relay
/// dies, the game master's server connects again through nginx, lands on another, and hands it the
/// session back.
@Suite("client serve --relay: two relays behind nginx", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct ServeRelayProxyTests {
    static func proxy(_ relays: [RelayProcess], folder: TemporaryDirectory) throws -> NginxServer {
        let servers = relays.map { "server 127.0.0.1:\($0.port) max_fails=1 fail_timeout=30s;" }.joined(separator: " ")
        return try NginxServer(
            root: folder.path(),
            http: """
                map $uri $session { ~^/s/(?<id>[^/]+)/ $id; default $remote_addr; }
                map $http_upgrade $connection_upgrade { default upgrade; '' close; }
                upstream relays { hash $session consistent; \(servers) }
                """,
            locations: """
                location / {
                    proxy_pass http://relays;
                    proxy_http_version 1.1;
                    proxy_set_header Upgrade $http_upgrade;
                    proxy_set_header Connection $connection_upgrade;
                    proxy_set_header Host $host;
                    proxy_buffering off;
                    proxy_connect_timeout 1s;
                    proxy_read_timeout 1h;
                }
                """)
    }

    static func sessions(_ relay: RelayProcess) throws -> Int {
        try HTTPClient.get(relay.url + "/health").json()["sessions"] as? Int ?? -1
    }

    @Test("every page of a session lands on one relay; a relay killed, its sessions play on the other within 5 s")
    func failover() throws {
        let folder = try TemporaryDirectory(prefix: "relays")
        let relays = [try RelayProcess(folder: folder), try RelayProcess(folder: folder)]
        let nginx = try Self.proxy(relays, folder: folder)
        defer { nginx.stop() }
        let front = String(nginx.baseURL.absoluteString.dropLast())
        let arguments = ["--relay", front, "--relay-key-file", relays[0].keyFile]
        let fixture = try ServeFixture(serveArguments: arguments)
        var servers = [fixture.url]
        var others: [ServeProcess] = []
        for _ in 0..<5 {
            let server = try ServeProcess(root: fixture.root, arguments: arguments)
            others.append(server)
            servers.append(server.url)
        }
        defer { for server in others { server.stop(signal: SIGKILL, timeout: 5) } }
        var links: [String] = []
        for server in servers {
            for _ in 0..<200 {
                let relay = try HTTPClient.get(server + "api/listeners").json()["relay"] as? [String: Any]
                if relay?["connected"] as? Bool == true { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            links.append(try #require(try HTTPClient.change("POST", server + "api/listeners").json()["url"] as? String))
        }
        #expect(try relays.map(Self.sessions).reduce(0, +) == 6, "each session on one relay")
        var holder: [String: Int] = [:]
        for link in links {
            #expect(try HTTPClient.get(link).status == 200, "through nginx: \(link)")
            let path = String(link.dropFirst(front.count))
            let answers = try relays.map { try HTTPClient.get($0.url + path).status }
            #expect(answers.sorted() == [200, 404], "the session's page is on exactly one relay: \(answers)")
            holder[link] = answers.firstIndex(of: 200)
        }
        let victim = holder.values.contains(0) ? 0 : 1
        let moved = links.filter { holder[$0] == victim }
        try #require(!moved.isEmpty)
        relays[victim].killNow()
        let killed = Date()
        var waiting = Set(moved)
        while !waiting.isEmpty, Date().timeIntervalSince(killed) < 10 {
            for link in waiting where (try? HTTPClient.get(link).status) == 200 { waiting.remove(link) }
            if !waiting.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        let took = Date().timeIntervalSince(killed)
        #expect(waiting.isEmpty && took <= 5, "\(moved.count) sessions back on the other relay after \(took) s")
        print("relays: \(moved.count) of 6 sessions moved to the other relay in \(String(format: "%.2f", took)) s")
        #expect(try Self.sessions(relays[1 - victim]) == 6)
    }
}
