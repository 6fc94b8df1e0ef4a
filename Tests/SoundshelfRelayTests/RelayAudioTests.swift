import Foundation
import Hummingbird
import HummingbirdTesting
import SoundshelfRelay
import SoundshelfServer
import Testing

/// Audio through the relay for a library synced from a folder (docs/FORMAT.md §15.3): the relay asks the owner
/// once, checks the bytes against the SHA-256 the owner announced, keeps them by hash and serves
/// every player from there (whole or by Range).
@Suite("soundshelf-relay: audio fetched from the owner once", .timeLimit(.minutes(3)), .serialized)
struct RelayAudioTests {
    @Test("a file a player asks for is fetched from the owner once and served to every player, by Range too")
    func fetchOnce() async throws {
        try await RelayFixture.test { client in
            let owner = ScriptedOwner()
            let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            owner.files.withLock { $0["item-1/0"] = bytes }
            owner.connect(port: client.port!)
            _ = try #require(try await owner.wait { $0.type == .welcome })
            let live = RelaySessionTests.listener()
            try owner.send(RelaySessionTests.state([live]))
            try await Task.sleep(for: .milliseconds(200))
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(live.token)"
            let uri = "/s/\(owner.session)/listen/audio/item-1"
            async let first = client.execute(uri: uri, method: .get, headers: bearer)
            async let second = client.execute(uri: uri, method: .get, headers: bearer)
            let answers = try await [first, second]
            for answer in answers {
                #expect(answer.status == .ok)
                #expect(Data(buffer: answer.body) == bytes)
                #expect(answer.headers[.contentType] == "audio/wav")
            }
            var ranged = bearer
            ranged[.range] = "bytes=100-199"
            let part = try await client.execute(uri: uri, method: .get, headers: ranged)
            #expect(part.status == .partialContent)
            #expect(Data(buffer: part.body) == bytes[100..<200])
            #expect(owner.messages.filter { $0.type == .fetch }.count == 1, "asked once, then served from the cache")
            let health = try await client.execute(uri: "/health", method: .get)
            let counts = try JSONSerialization.jsonObject(with: Data(buffer: health.body)) as? [String: Int]
            #expect(counts?["filesFromOwners"] == 1 && counts?["cachedBytes"] == bytes.count)
            let missing = try await client.execute(
                uri: "/s/\(owner.session)/listen/audio/item-2", method: .get, headers: bearer)
            #expect(missing.status == .notFound)
            #expect(String(buffer: missing.body).contains("no such file here"))
            await owner.close()
        }
    }

    @Test("bytes whose SHA-256 is not the one the owner announced are refused, not served")
    func wrongHash() async throws {
        try await RelayFixture.test { client in
            let owner = ScriptedOwner()
            owner.files.withLock { $0["item-1/2"] = Data(repeating: 1, count: 1000) }
            owner.lies.withLock { $0 = true }
            owner.connect(port: client.port!)
            _ = try #require(try await owner.wait { $0.type == .welcome })
            let live = RelaySessionTests.listener()
            try owner.send(RelaySessionTests.state([live]))
            try await Task.sleep(for: .milliseconds(200))
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(live.token)"
            let answer = try await client.execute(
                uri: "/s/\(owner.session)/listen/audio/item-1/2", method: .get, headers: bearer)
            #expect(answer.status == .notFound)
            #expect(String(buffer: answer.body).contains("SHA-256"))
            await owner.close()
        }
    }

    @Test("a player is not held for ever by an owner that never sends the file: 404 after the wait, saying so")
    func ownerNeverAnswers() async throws {
        try await RelayFixture.test(RelayFixture.relay(fetchTimeout: .milliseconds(500))) { client in
            let owner = ScriptedOwner()
            owner.mute.withLock { $0 = true }
            owner.connect(port: client.port!)
            _ = try #require(try await owner.wait { $0.type == .welcome })
            let live = RelaySessionTests.listener()
            try owner.send(RelaySessionTests.state([live]))
            try await Task.sleep(for: .milliseconds(200))
            var bearer = HTTPFields()
            bearer[.authorization] = "Bearer \(live.token)"
            let answer = try await client.execute(
                uri: "/s/\(owner.session)/listen/audio/item-9", method: .get, headers: bearer)
            #expect(answer.status == .notFound)
            #expect(String(buffer: answer.body).contains("did not send it within"))
            await owner.close()
        }
    }
}
