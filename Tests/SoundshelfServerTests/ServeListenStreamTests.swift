import Foundation
import Hummingbird
import HummingbirdTesting
import SoundshelfServer
import TestSupport
import Testing

/// What listeners hear of the owner's page (docs/FORMAT.md §15.2), the router in-process: the clock for round
/// trips, the events the owner posts (checked, relayed, kept as the state of what plays) and a
/// listener's stream (a snapshot first, so a late joiner starts every loop at its phase; revoking
/// the link closes it).
@Suite("client serve: the clock and the listen stream", .timeLimit(.minutes(3)), .serialized, .startsProcesses)
struct ServeListenStreamTests {
    @Test("GET /api/clock answers the server time in fractional milliseconds, never going back")
    func clock() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            var last = -Double.infinity
            var fractional = false
            for _ in 0..<20 {
                let answer = try await client.get("/api/clock")
                #expect(answer.headers[.cacheControl] == "no-store")
                let now = try #require(try answer.json()["now"] as? Double)
                #expect(now >= last)
                fractional = fractional || now != now.rounded()
                last = now
            }
            #expect(fractional, "the clock should have sub-millisecond resolution")
        }
    }

    @Test("a listen event that is not one is 400 naming the field, and changes nothing")
    func badEvents() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let cases: [(String, String)] = [
                (#"{"type":"explode"}"#, "type: 'explode'"),
                (#"{"type":"start","layer":"a","at":1}"#, "item:"),
                (#"{"type":"start","layer":"a","item":"x"}"#, "at:"),
                (#"{"type":"start","item":"x","at":1}"#, "layer:"),
                (#"{"type":"start","layer":"a","item":"../x","at":1}"#, "item:"),
                (#"{"type":"volume","layer":"a","volume":-1}"#, "volume:"),
                (#"{"type":"kind","volume":1}"#, "kind:"),
                (#"{"type":"stopAll","fade":-2}"#, "fade:"),
                (#"{"type":"start","layer":"a","item":"x","at":1,"loop":"yes"}"#, "not the expected JSON"),
            ]
            for (body, expected) in cases {
                let answer = try await client.send(
                    .post, "/api/listen/events", headers: ["X-Soundshelf": "1"], body: body)
                #expect(answer.status == .badRequest, "\(body)")
                #expect(answer.error?.contains(expected) == true, "\(body): \(answer.text)")
            }
            #expect(
                try await client.send(.post, "/api/listen/events", body: #"{"type":"stopAll"}"#).status == .forbidden)
        }
    }

    @Test(
        "a listener's stream starts with what plays now (loops with their start time), then relays; revoking closes it")
    func snapshotRelayAndRevoke() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let now = try #require(try await client.get("/api/clock").json()["now"] as? Double)
            let events = [
                #"{"type":"start","layer":"bed","item":"bed-id","take":1,"kind":"atmosphere","gain":-3.5,"cents":12,"volume":1,"fade":2,"loop":{"start":0,"end":96000},"sampleRate":48000,"duration":2,"at":\#(now - 20000)}"#,
                #"{"type":"start","layer":"gone","item":"fx-id","kind":"sfx","loop":false,"duration":1,"at":\#(now - 5000)}"#,
                #"{"type":"start","layer":"stopped","item":"fx-id","kind":"atmosphere","loop":true,"at":\#(now)}"#,
                #"{"type":"stop","layer":"stopped","fade":1,"at":\#(now)}"#,
                #"{"type":"volume","layer":"bed","volume":0.5,"at":\#(now)}"#,
                #"{"type":"kind","kind":"sfx","volume":0.25,"at":\#(now)}"#,
            ]
            for body in events {
                let posted = try await client.change(.post, "/api/listen/events", body: body)
                #expect(posted.status == .ok, "\(posted.text)")
                #expect(try posted.json()["delivered"] as? Int == 0)
            }
            let made = try await client.change(.post, "/api/listeners").json()
            let token = try #require(made["token"] as? String)
            async let stream = client.get("/listen/events", headers: ["Authorization": "Bearer \(token)"])
            #expect(try await Self.players(client) == 1)
            let stopAll = try await client.change(
                .post, "/api/listen/events", body: #"{"type":"stopAll","fade":2,"at":\#(now)}"#)
            #expect(try stopAll.json()["delivered"] as? Int == 1)
            #expect(try await client.change(.delete, "/api/listeners/\(token)").status == .ok)
            let answer = try await stream
            #expect(answer.headers[.contentType] == "text/event-stream; charset=utf-8")
            let messages = Self.messages(answer.text)
            #expect(messages.map(\.name) == ["snapshot", "listen"], "\(answer.text)")
            let snapshot = try #require(messages.first?.data)
            let layers = try #require(snapshot["layers"] as? [[String: Any]])
            #expect(
                layers.map { $0["layer"] as? String } == ["bed"], "the ended one-shot and the stopped loop are left out"
            )
            let bed = try #require(layers.first)
            #expect(bed["volume"] as? Double == 0.5 && bed["take"] as? Int == 1 && bed["cents"] as? Double == 12)
            #expect(bed["at"] as? Double == now - 20000)
            #expect((bed["loop"] as? [String: Any])?["end"] as? Int == 96000)
            #expect((snapshot["kinds"] as? [String: Double])?["sfx"] == 0.25)
            #expect((snapshot["now"] as? Double ?? 0) >= now)
            #expect(messages.last?.data["type"] as? String == "stopAll")

            // After stop all, a player joining hears nothing running (its stream read until revoked).
            let after = try #require(try await client.change(.post, "/api/listeners").json()["token"] as? String)
            async let late = client.get("/listen/events", headers: ["X-Soundshelf-Token": after])
            #expect(try await Self.players(client) == 1)
            #expect(try await client.change(.delete, "/api/listeners/\(after)").status == .ok)
            let empty = Self.messages(try await late.text)
            #expect(empty.map(\.name) == ["snapshot"])
            #expect((empty.first?.data["layers"] as? [Any])?.isEmpty == true)
        }
    }

    @Test(
        "a load event names files to fetch ahead: checked, relayed, and in a joiner's snapshot with the files started")
    func loadAhead() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let now = try #require(try await client.get("/api/clock").json()["now"] as? Double)
            let many = (0..<65).map { #"{"item":"id-\#($0)","take":0}"# }.joined(separator: ",")
            let bad: [(String, String)] = [
                (#"{"type":"load"}"#, "files:"), (#"{"type":"load","files":[]}"#, "files:"),
                (#"{"type":"load","files":[{"item":"../x","take":0}]}"#, "files: '../x'"),
                (#"{"type":"load","files":[{"item":"a","take":-1}]}"#, "files: 'a' take -1"),
                (#"{"type":"load","files":[\#(many)]}"#, "files:"),
                (#"{"type":"start","layer":"a","item":"x","at":1,"takes":0}"#, "takes:"),
            ]
            for (body, expected) in bad {
                let answer = try await client.change(.post, "/api/listen/events", body: body)
                #expect(answer.status == .badRequest, "\(body)")
                #expect(answer.error?.contains(expected) == true, "\(body): \(answer.text)")
            }
            let load = #"{"type":"load","files":[{"item":"scene-a","take":0},{"item":"scene-b","take":2}]}"#
            #expect(try await client.change(.post, "/api/listen/events", body: load).status == .ok)
            let start = #"{"type":"start","layer":"x~1","item":"takes-c","take":1,"takes":3,"loop":false,"at":\#(now)}"#
            #expect(try await client.change(.post, "/api/listen/events", body: start).status == .ok)
            let token = try #require(try await client.change(.post, "/api/listeners").json()["token"] as? String)
            async let stream = client.get("/listen/events", headers: ["Authorization": "Bearer \(token)"])
            #expect(try await Self.players(client) == 1)
            let again = try await client.change(.post, "/api/listen/events", body: load)
            #expect(try again.json()["delivered"] as? Int == 1)
            #expect(try await client.change(.delete, "/api/listeners/\(token)").status == .ok)
            let messages = Self.messages(try await stream.text)
            let recent = try #require(messages.first?.data["recent"] as? [[String: Any]])
            #expect(
                recent.map { "\($0["item"] ?? "")/\($0["take"] ?? "")" } == ["scene-a/0", "scene-b/2", "takes-c/1"],
                "the files announced, then the one started: \(recent)")
            let layer = try #require((messages.first?.data["layers"] as? [[String: Any]])?.first)
            #expect(layer["takes"] as? Int == 3, "a joiner learns the item has three takes, to load the others")
            let relayed = try #require(messages.last?.data)
            #expect(relayed["type"] as? String == "load" && (relayed["files"] as? [Any])?.count == 2)
        }
    }

    @Test("every stream gets the server's time soon after it opens, then about each second, also after another ended")
    func clockTicks() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let first = try #require(try await client.change(.post, "/api/listeners").json()["token"] as? String)
            let second = try #require(try await client.change(.post, "/api/listeners").json()["token"] as? String)
            async let one = client.get("/listen/events", headers: ["Authorization": "Bearer \(first)"])
            async let two = client.get("/listen/events", headers: ["Authorization": "Bearer \(second)"])
            for _ in 0..<200 where try await client.get("/api/listeners").json()["players"] as? Int != 2 {
                try await Task.sleep(for: .milliseconds(20))
            }
            // Both streams are open by now (a loaded machine may take a while to open them).
            let opened = try #require(try await client.get("/api/clock").json()["now"] as? Double)
            try await Task.sleep(for: .milliseconds(1500))
            #expect(try await client.change(.delete, "/api/listeners/\(first)").status == .ok)
            let ended = try #require(try await client.get("/api/clock").json()["now"] as? Double)
            try await Task.sleep(for: .milliseconds(2500))
            #expect(try await client.change(.delete, "/api/listeners/\(second)").status == .ok)
            let early = Self.ticks(try await one.text)
            let late = Self.ticks(try await two.text)
            // A page whose round trips are slow one way needs a pushed time to bound its clock before it
            // places what plays: the first comes within a few hundred ms, not after the next tick.
            for ticks in [early, late] {
                let soonest = try #require(ticks.first, "a stream got no clock event")
                #expect(
                    soonest - opened < 400, "the first clock event came \(soonest - opened) ms after the stream opened")
                // (The early ones are sent at 100, 250 and 500 ms; 1,000 leaves a loaded machine room.)
                #expect(
                    ticks.filter { $0 < soonest + 1_000 }.count >= 3, "a few times come soon after opening: \(ticks)")
            }
            #expect(late.filter { $0 > ended }.count >= 2, "the second stream stopped hearing the time: \(late)")
            let ticker = late.filter { $0 > late[0] + 1_000 }
            let gaps = zip(ticker, ticker.dropFirst()).map { $1 - $0 }
            // (The burst's are 150–250 ms apart; a timer a loaded machine fires late still keeps ~1 s.)
            #expect(
                gaps.allSatisfy { $0 >= 700 }, "after the first ones, clock events come about a second apart: \(gaps)")
        }
    }

    /// The `now` of every `clock` event of an SSE body.
    static func ticks(_ text: String) -> [Double] {
        text.components(separatedBy: "\n\n").compactMap { block in
            guard block.hasPrefix("event: clock\ndata: ") else { return nil }
            let json = try? JSONSerialization.jsonObject(with: Data(block.dropFirst(18).utf8)) as? [String: Any]
            return json?["now"] as? Double
        }
    }

    /// The players connected, once one is (or after 4 s).
    static func players(_ client: any TestClientProtocol) async throws -> Int {
        for _ in 0..<200 {
            let players = try await client.get("/api/listeners").json()["players"] as? Int ?? 0
            if players > 0 { return players }
            try await Task.sleep(for: .milliseconds(20))
        }
        return 0
    }

    /// The `event:` names and parsed `data:` of an SSE body (comments and the clock's ticks skipped).
    static func messages(_ text: String) -> [(name: String, data: [String: Any])] {
        text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            guard let name = lines.first(where: { $0.hasPrefix("event: ") })?.dropFirst(7),
                let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6),
                let json = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
            else { return nil }
            return name == "clock" ? nil : (String(name), json)
        }
    }
}
