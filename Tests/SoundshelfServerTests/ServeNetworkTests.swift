import Foundation
import TestSupport
import Testing

/// `client serve` as a process on a real socket: what it says at start, the Host check on the wire
/// (a rebound name, no Host at all), the token off loopback through curl's cookie jar, and a body
/// over the limit sent by a real client.
@Suite("client serve: on the network", .serialized, .timeLimit(.minutes(2)), .startsProcesses)
struct ServeNetworkTests {
    @Test("on loopback: the URL and 'reachable from this machine only'; other Host names 421, no Host 400")
    func loopback() throws {
        let fixture = try RouterFixture()
        let server = try ServeProcess(root: fixture.root)
        defer { _ = server.stop() }
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        #expect(server.outputText.contains("serving \(fixture.root) on \(server.url) (Ctrl-C stops)"))
        #expect(server.outputText.contains("reachable from this machine only"), "\(server.outputText)")
        let port = try #require(URL(string: server.url)?.port)

        #expect(try HTTPClient.get(server.url + "api/packs").status == 200)
        #expect(try HTTPClient.get("http://localhost:\(port)/api/packs").status == 200)
        let rebound = try HTTPClient.send(
            "PUT", server.url + "api/favorites/x", headers: ["Host": "attacker.example:\(port)", "X-Soundshelf": "1"])
        #expect(rebound.status == 421)
        #expect((try? rebound.json()["error"] as? String)?.contains("attacker.example") == true, "\(rebound.text)")
        #expect(try HTTPClient.get(server.url, headers: ["Host": "127.0.0.1:1"]).status == 421)

        // No Host at all (curl drops the header given without a value), HTTP/1.1 and HTTP/1.0.
        for version in ["--http1.1", "--http1.0"] {
            let result = try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/curl"),
                ["-s", version, "-H", "Host:", "-o", "/dev/null", "-w", "%{http_code}", server.url + "api/packs"])
            #expect(result.stdout == "400", "\(version): \(result.stdout) \(result.stderr)")
        }
    }

    @Test("off loopback: a token in the printed URL, 401 without it, the cookie from ?token= carries the page")
    func tokenOffLoopback() throws {
        let fixture = try RouterFixture()
        let server = try ServeProcess(root: fixture.root, arguments: ["--host", "0.0.0.0"])
        defer { _ = server.stop() }
        let output = server.outputText
        #expect(output.contains("reachable from other machines on the network"), "\(output)")
        #expect(output.contains("players can join") && output.contains("Players panel"), "\(output)")
        let match = try #require(output.firstMatch(of: /http:\/\/0\.0\.0\.0:(\d+)\/\?token=([A-Za-z0-9_-]{43})/))
        let (port, token) = (String(match.1), String(match.2))
        let base = "http://127.0.0.1:\(port)/"

        let refused = try HTTPClient.get(base + "api/packs")
        #expect(refused.status == 401)
        #expect((try? refused.json()["error"] as? String)?.contains("token") == true)

        let folder = try TemporaryDirectory(prefix: "cookies")
        let jar = folder.url.appendingPathComponent("jar").path
        let curl = URL(fileURLWithPath: "/usr/bin/curl")
        let first = try ToolRunner.run(
            executable: curl, ["-s", "-c", jar, "-o", "/dev/null", "-w", "%{http_code}", base + "?token=\(token)"])
        #expect(first.stdout == "200")
        let cookies = try String(contentsOfFile: jar, encoding: .utf8)
        #expect(cookies.contains("#HttpOnly_127.0.0.1"), "\(cookies)")
        #expect(cookies.contains("soundshelf-token-\(port)\t\(token)"), "\(cookies)")
        let later = try ToolRunner.run(executable: curl, ["-s", "-b", jar, base + "api/packs"])
        #expect((try? JSONSerialization.jsonObject(with: later.stdoutData) as? [String: Any])?["packs"] != nil)
        #expect(try HTTPClient.get(base + "api/packs", headers: ["X-Soundshelf-Token": token]).status == 200)
        #expect(try HTTPClient.get(base + "api/packs", headers: ["Host": "attacker.example:\(port)"]).status == 421)
    }

    @Test("--token T is the token; one that cannot be sent is refused at start")
    func givenToken() throws {
        let fixture = try RouterFixture()
        let server = try ServeProcess(root: fixture.root, arguments: ["--host", "0.0.0.0", "--token", "s3cret-Token"])
        defer { _ = server.stop() }
        #expect(server.outputText.contains("?token=s3cret-Token"), "\(server.outputText)")
        let port = try #require(URL(string: server.url)?.port)
        let base = "http://127.0.0.1:\(port)/"
        #expect(try HTTPClient.get(base + "api/packs", headers: ["Authorization": "Bearer s3cret-Token"]).status == 200)
        #expect(try HTTPClient.get(base + "api/packs", headers: ["Authorization": "Bearer s3cret"]).status == 401)

        let bad = try ToolRunner.run("client", ["serve", "--root", fixture.root, "--token", "a;b"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--token"), "\(bad.stderr)")
    }

    @Test("a 2 MiB body sent by curl is a 413 with a JSON sentence")
    func bodyOverTheLimit() throws {
        let fixture = try RouterFixture()
        let server = try ServeProcess(root: fixture.root)
        defer { _ = server.stop() }
        let folder = try TemporaryDirectory(prefix: "large-body")
        let body = try folder.write("body.json", #"{"title": ""# + String(repeating: "a", count: 2 << 20) + #""}"#)
        let reply = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/curl"),
            [
                "-s", "-w", "\n%{http_code}", "-X", "POST", "-H", "X-Soundshelf: 1", "-H",
                "Content-Type: application/json",
                "--data-binary", "@" + body, server.url + "api/scenes",
            ])
        #expect(reply.stdout.hasSuffix("\n413"), "\(reply.stdout.prefix(300)) \(reply.stderr)")
        let json = reply.stdout.split(separator: "\n").dropLast().joined(separator: "\n")
        let message = (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["error"] as? String
        #expect(message?.contains("at most 1 MiB") == true, "\(reply.stdout.prefix(300))")
        #expect((try HTTPClient.get(server.url + "api/scenes").json()["scenes"] as? [Any])?.isEmpty == true)
    }
}
