import Foundation
import Hummingbird
import HummingbirdTesting
import SoundshelfRelay
import SoundshelfServer
import Testing

/// The relay as players and owners meet it (docs/FORMAT.md §15.3): only key holders open
/// sessions; a player needs a live listen link of that session; what the owner plays reaches the
/// players' streams; a session outlives a dropped owner for the grace period, then ends.
@Suite("soundshelf-relay: sessions, listen links and the owner's socket", .timeLimit(.minutes(3)), .serialized)
struct RelaySessionTests {
    static func listener(_ seconds: TimeInterval = 3600) -> ListenerHub.ListenLink {
        ListenerHub.ListenLink(
            token: ListenerHub.prefix + AccessToken.random(), created: Date(), expires: Date() + seconds)
    }

    static func state(_ listeners: [ListenerHub.ListenLink], layers: [ListenEvent] = []) -> RelayMessage {
        RelayMessage(
            type: .state, listeners: listeners, snapshot: ListenSnapshot(now: 0, layers: layers, kinds: [:], recent: [])
        )
    }

    @Test("an owner without one of the relay's keys is not let in; with one it is welcomed to the session it names")
    func keys() async throws {
        try await RelayFixture.test { client in
            let stranger = ScriptedOwner()
            stranger.connect(port: client.port!, key: "not-the-relay-key-0000000")
            try await Task.sleep(for: .milliseconds(500))
            #expect(stranger.messages.isEmpty)
            await stranger.close()
            let owner = ScriptedOwner()
            owner.connect(port: client.port!)
            let welcome = try #require(try await owner.wait { $0.type == .welcome })
            #expect(welcome.session == owner.session)
            let health = try await client.execute(uri: "/health", method: .get)
            let counts = try JSONSerialization.jsonObject(with: Data(buffer: health.body)) as? [String: Int]
            #expect(counts?["sessions"] == 1)
            await owner.close()
        }
    }

    @Test(
        "a player needs a live link of the session: the page (cookie scoped to it), clock and stream; else 401 or 404")
    func playerAccess() async throws {
        try await RelayFixture.test { client in
            let owner = ScriptedOwner()
            owner.connect(port: client.port!)
            _ = try #require(try await owner.wait { $0.type == .welcome })
            let live = Self.listener()
            let expired = Self.listener(-1)
            try owner.send(Self.state([live, expired]))
            try await Task.sleep(for: .milliseconds(200))
            let base = "/s/\(owner.session)/listen"
            let page = try await client.execute(uri: "\(base)?token=\(live.token)", method: .get)
            #expect(page.status == .ok)
            #expect(String(buffer: page.body).contains("Listen along"))
            let cookie = try #require(page.headers[.setCookie])
            #expect(cookie.contains("Path=/s/\(owner.session)/listen") && cookie.contains("HttpOnly"))
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(live.token)"
            #expect(try await client.execute(uri: "\(base)/clock", method: .get, headers: bearer).status == .ok)
            #expect(try await client.execute(uri: "\(base)/listen.js", method: .get, headers: bearer).status == .ok)
            #expect(
                try await client.execute(uri: "\(base)/secret.txt", method: .get, headers: bearer).status == .notFound)
            #expect(
                try await client.execute(uri: "\(base)?token=\(expired.token)", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "\(base)/clock", method: .get).status == .unauthorized)
            let other = try await client.execute(uri: "/s/no-such-session-000/listen?token=\(live.token)", method: .get)
            #expect(other.status == .notFound)
            #expect(String(buffer: other.body).contains("no session"))
            try owner.send(RelayMessage(type: .revoke, token: live.token))
            try await Task.sleep(for: .milliseconds(200))
            #expect(
                try await client.execute(uri: "\(base)/clock", method: .get, headers: bearer).status == .unauthorized)
            await owner.close()
        }
    }

    @Test(
        "what the owner plays reaches a player's stream after a snapshot of what plays; the owner learns of the player")
    func events() async throws {
        try await RelayFixture.test { client in
            let owner = ScriptedOwner()
            owner.connect(port: client.port!)
            _ = try #require(try await owner.wait { $0.type == .welcome })
            let live = Self.listener()
            var bed = ListenEvent(type: "start", at: 1000, layer: "bed", item: "bed-id")
            bed.loop = .whole(true)
            try owner.send(Self.state([live], layers: [bed]))
            try await Task.sleep(for: .milliseconds(200))
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(live.token)"
            async let stream = client.execute(
                uri: "/s/\(owner.session)/listen/events", method: .get, headers: bearer)
            let players = try #require(try await owner.wait { ($0.streams?[live.token] ?? 0) == 1 })
            #expect(players.type == .players)
            try owner.send(
                RelayMessage(type: .listen, event: ListenEvent(type: "start", at: 2000, layer: "door", item: "door-id"))
            )
            try owner.send(RelayMessage(type: .listen, event: ListenEvent(type: "start", layer: "bad")))
            try await Task.sleep(for: .milliseconds(200))
            try owner.send(RelayMessage(type: .revoke, token: live.token))
            let text = String(buffer: try await stream.body)
            let names = text.split(separator: "\n").filter { $0.hasPrefix("event: ") && !$0.hasSuffix("clock") }
            #expect(names == ["event: snapshot", "event: listen"], "\(text)")
            #expect(text.contains(#""layer":"bed""#) && text.contains(#""item":"door-id""#))
            #expect(!text.contains(#""layer":"bad""#), "an event that is not one is not relayed")
            await owner.close()
        }
    }

    @Test("a session outlives a dropped owner for the grace period (links and what plays stay), then ends")
    func grace() async throws {
        // A grace of 3 s: the checks at 1 s and 5 s after the owner left keep 2 s of margin each on a busy machine.
        try await RelayFixture.test(RelayFixture.relay(grace: 3)) { client in
            let owner = ScriptedOwner()
            owner.connect(port: client.port!)
            _ = try #require(try await owner.wait { $0.type == .welcome })
            let live = Self.listener()
            try owner.send(Self.state([live]))
            try await Task.sleep(for: .milliseconds(200))
            await owner.close()
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(live.token)"
            let clock = "/s/\(owner.session)/listen/clock"
            #expect(try await client.execute(uri: clock, method: .get, headers: bearer).status == .ok)
            let thief = ScriptedOwner(session: owner.session)
            thief.connect(port: client.port!)
            let refused = try #require(try await thief.wait { $0.type == .refused })
            #expect(refused.message?.contains("another owner") == true)
            await thief.close()
            let back = ScriptedOwner(session: owner.session, secret: owner.secret)
            back.connect(port: client.port!)
            _ = try #require(try await back.wait { $0.type == .welcome })
            await back.close()
            try await Task.sleep(for: .milliseconds(1000))
            #expect(try await client.execute(uri: clock, method: .get, headers: bearer).status == .ok, "back in time")
            try await Task.sleep(for: .milliseconds(4000))
            #expect(try await client.execute(uri: clock, method: .get, headers: bearer).status == .notFound)
        }
    }

    @Test("wrong links from one address are limited: past the limit even a right one waits, with Retry-After")
    func guesses() async throws {
        try await RelayFixture.test(RelayFixture.relay(guessLimit: 5)) { client in
            let owner = ScriptedOwner()
            owner.connect(port: client.port!)
            _ = try #require(try await owner.wait { $0.type == .welcome })
            let live = Self.listener()
            try owner.send(Self.state([live]))
            try await Task.sleep(for: .milliseconds(200))
            for guess in 0..<5 {
                let uri = "/s/\(owner.session)/listen?token=\(ListenerHub.prefix)guess\(guess)"
                #expect(try await client.execute(uri: uri, method: .get).status == .unauthorized)
            }
            let blocked = try await client.execute(uri: "/s/\(owner.session)/listen?token=\(live.token)", method: .get)
            #expect(blocked.status == .tooManyRequests)
            #expect(Int(blocked.headers[.retryAfter] ?? "") ?? 0 > 0)
            await owner.close()
        }
    }
}
