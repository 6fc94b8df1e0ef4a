import Foundation
import SoundshelfServer
import TestSupport
import Testing

/// `client serve --relay` (docs/FORMAT.md §15.3): the game master's server connects out to a relay and players
/// listen there, the built executables on loopback (the catalog on nginx, the relay its own process).
@Suite("client serve --relay: players listen through a relay", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct ServeRelayTests {
    /// `client serve` with its relay, once it says it is connected.
    static func start(_ relay: RelayProcess, folder: TemporaryDirectory) throws -> ServeFixture {
        let fixture = try ServeFixture(serveArguments: ["--relay", relay.url, "--relay-key-file", relay.keyFile])
        _ = try waitForRelay(fixture, connected: true)
        return fixture
    }

    /// `/api/listeners`' relay once `connected` is as asked (up to 10 s).
    static func waitForRelay(_ fixture: ServeFixture, connected: Bool) throws -> [String: Any] {
        var relay: [String: Any] = [:]
        for _ in 0..<200 {
            relay = try HTTPClient.get(fixture.url + "api/listeners").json()["relay"] as? [String: Any] ?? [:]
            if relay["connected"] as? Bool == connected { return relay }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ServeProcess.Failure(description: "the relay never became \(connected ? "connected" : "away"): \(relay)")
    }

    static func players(_ fixture: ServeFixture, _ count: Int) throws -> Bool {
        for _ in 0..<200 {
            if try HTTPClient.get(fixture.url + "api/listeners").json()["players"] as? Int == count { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test("the panel's links are on the relay; a player there gets the owner's events on time and the owner's audio")
    func listenThroughRelay() throws {
        let folder = try TemporaryDirectory(prefix: "relay")
        let relay = try RelayProcess(folder: folder)
        let fixture = try Self.start(relay, folder: folder)
        #expect(try fixture.cli(["install", ServeFixture.dungeon]).status == 0)
        let link = try HTTPClient.change("POST", fixture.url + "api/listeners").json()
        let url = try #require(link["url"] as? String)
        let token = try #require(link["token"] as? String)
        #expect(url.hasPrefix(relay.url + "/s/") && url.contains("/listen?token=listen_"), "\(url)")
        let page = try HTTPClient.get(url)
        #expect(page.status == 200 && page.text.contains("Listen along"))
        let listen = String(url[..<url.range(of: "?")!.lowerBound])
        let bearer = ["Authorization": "Bearer \(token)"]
        let stream = try EventStream(stream: listen + "/events", headers: bearer)
        defer { stream.close() }
        #expect(stream.waitForEvent("snapshot") != nil)
        #expect(try Self.players(fixture, 1), "the relay tells the owner a player joined")

        let listed = try fixture.cli(["list", "--kind", "sfx"])
        let items = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        let available = (items?["items"] as? [[String: Any]] ?? []).first { $0["available"] as? Bool == true }
        let id = try #require(available?["id"] as? String)
        let now = try #require(try HTTPClient.get(fixture.url + "api/clock").json()["now"] as? Double)
        let start = #"{"type":"start","layer":"door","item":"\#(id)","at":\#(now + 300),"title":"Door"}"#
        let posted = try HTTPClient.change("POST", fixture.url + "api/listen/events", body: start).json()
        #expect(posted["delivered"] as? Int == 1)
        let event = try #require(stream.waitForEvent("listen") { $0["layer"] as? String == "door" })
        // One machine, one monotonic clock: the relay's offset is ~0 (estimated from round trips on a busy
        // machine: within a few ms), so the moment arrives as it was.
        #expect(abs((event["at"] as? Double ?? 0) - (now + 300)) < 10, "\(event)")

        let fromRelay = try HTTPClient.get(listen + "/audio/\(id)", headers: bearer)
        let fromOwner = try HTTPClient.get(fixture.url + "audio/\(id)")
        #expect(fromRelay.status == 200 && fromRelay.body == fromOwner.body && !fromOwner.body.isEmpty)
        #expect(fromRelay.headers["content-type"] == fromOwner.headers["content-type"])

        #expect(try HTTPClient.change("DELETE", fixture.url + "api/listeners/\(token)").status == 200)
        var refused = 0
        for _ in 0..<100 where refused != 401 {
            refused = try HTTPClient.get(listen + "/clock", headers: bearer).status
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(refused == 401, "a link revoked on the panel stops working on the relay")
        #expect(fixture.server.stop(timeout: 10) == 0, "SIGTERM ends client serve also while connected to a relay")
    }

    @Test("a relay that lost the session (killed, started again) has it back from the owner within 5 s, loops and all")
    func relayRestarts() throws {
        let folder = try TemporaryDirectory(prefix: "relay")
        let relay = try RelayProcess(folder: folder)
        let fixture = try Self.start(relay, folder: folder)
        let link = try HTTPClient.change("POST", fixture.url + "api/listeners").json()
        let url = try #require(link["url"] as? String)
        let now = try #require(try HTTPClient.get(fixture.url + "api/clock").json()["now"] as? Double)
        let loop = #"{"type":"start","layer":"rain","item":"rain-id","loop":true,"at":\#(now)}"#
        #expect(try HTTPClient.change("POST", fixture.url + "api/listen/events", body: loop).status == 200)

        relay.killNow()
        _ = try Self.waitForRelay(fixture, connected: false)
        let again = try RelayProcess(folder: folder, port: relay.port)
        let started = Date()
        var status = 0
        while status != 200, Date().timeIntervalSince(started) < 10 {
            status = try HTTPClient.get(url).status
            if status != 200 { Thread.sleep(forTimeInterval: 0.05) }
        }
        let back = Date().timeIntervalSince(started)
        #expect(status == 200 && back <= 5, "the link works again after \(back) s")
        let token = try #require(link["token"] as? String)
        let listen = String(url[..<url.range(of: "?")!.lowerBound])
        let stream = try EventStream(stream: listen + "/events", headers: ["Authorization": "Bearer \(token)"])
        defer { stream.close() }
        let snapshot = try #require(stream.waitForEvent("snapshot") { _ in true })
        let layers = snapshot["layers"] as? [[String: Any]] ?? []
        #expect(layers.map { $0["layer"] as? String } == ["rain"], "\(snapshot)")
        // Moved into the new relay's clock by a fresh offset (a few round trips on a busy machine): within 10 ms.
        #expect(abs((layers.first?["at"] as? Double ?? 0) - now) < 10, "the loop keeps its start, so its phase")
        _ = again
    }

    @Test("a wrong relay key is said plainly on the panel's status and the server keeps serving")
    func wrongKey() throws {
        let folder = try TemporaryDirectory(prefix: "relay")
        let relay = try RelayProcess(folder: folder)
        let wrong = folder.url.appendingPathComponent("wrong.key").path
        try "not-the-key-of-this-relay-000\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let fixture = try ServeFixture(serveArguments: ["--relay", relay.url, "--relay-key-file", wrong])
        var problem = ""
        for _ in 0..<100 where problem.isEmpty {
            let status = try HTTPClient.get(fixture.url + "api/listeners").json()["relay"] as? [String: Any]
            problem = status?["problem"] as? String ?? ""
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(problem.contains("did not take the relay key"), "\(problem)")
        #expect(try HTTPClient.get(fixture.url).status == 200)
    }
}
