import Foundation
import TestSupport
import Testing

/// Installing through the API, then `GET /audio/{itemId}`: ranges, validators, and nothing but
/// installed audio reachable.
@Suite("client serve: installs and audio", .timeLimit(.minutes(2)))
struct ServeAudioTests {
    @Test("an install through the API answers as `client install --json`; audio streams with Range, ETag and 304")
    func installAndStream() throws {
        let fixture = try ServeFixture()
        let install = try HTTPClient.change("POST", fixture.url + "api/packs/dungeon-delve/install")
        #expect(install.status == 200, "\(install.text)")
        let installed = try install.json()
        #expect(Set(installed.keys) == ["packId", "state", "files", "bytes"])
        #expect(installed["packId"] as? String == ServeFixture.dungeon)
        #expect(installed["state"] as? String == "downloaded")

        let items = try HTTPClient.get(fixture.url + "api/items?kind=sfx").json()["items"] as? [[String: Any]]
        let item = try #require(items?.first { $0["available"] as? Bool == true })
        let id = try #require(item["id"] as? String)
        let whole = try HTTPClient.get(fixture.url + "audio/\(id)")
        #expect(whole.status == 200)
        #expect(whole.headers["content-type"]?.hasPrefix("audio/") == true, "\(whole.headers)")
        #expect(whole.headers["accept-ranges"] == "bytes")
        let size = whole.body.count
        #expect(size > 100)
        #expect(whole.headers["content-length"] == String(size))
        let etag = try #require(whole.headers["etag"])

        let part = try HTTPClient.get(fixture.url + "audio/\(id)", headers: ["Range": "bytes=10-49"])
        #expect(part.status == 206)
        #expect(part.body == whole.body.subdata(in: 10..<50))
        #expect(part.headers["content-range"] == "bytes 10-49/\(size)")
        let tail = try HTTPClient.get(fixture.url + "audio/\(id)", headers: ["Range": "bytes=-16"])
        #expect(tail.status == 206)
        #expect(tail.body == whole.body.suffix(16))
        let open = try HTTPClient.get(fixture.url + "audio/\(id)", headers: ["Range": "bytes=\(size - 5)-"])
        #expect(open.body == whole.body.suffix(5))

        let outside = try HTTPClient.get(fixture.url + "audio/\(id)", headers: ["Range": "bytes=\(size)-"])
        #expect(outside.status == 416)
        #expect(outside.headers["content-range"] == "bytes */\(size)")

        let cached = try HTTPClient.get(fixture.url + "audio/\(id)", headers: ["If-None-Match": etag])
        #expect(cached.status == 304)
        #expect(cached.body.isEmpty)
        let stale = try HTTPClient.get(fixture.url + "audio/\(id)", headers: ["If-None-Match": "\"other\""])
        #expect(stale.status == 200)

        // Not installed: an atmosphere item; unknown: a made-up id.
        let atmosphere = try HTTPClient.get(fixture.url + "api/items?kind=atmosphere&limit=1").json()["items"]
        let notInstalled = try #require((atmosphere as? [[String: Any]])?.first?["id"] as? String)
        #expect(try HTTPClient.get(fixture.url + "audio/\(notInstalled)").status == 404)
        #expect(try HTTPClient.get(fixture.url + "audio/00000000-0000-4000-8000-000000000000").status == 404)

        let removed = try HTTPClient.change("DELETE", fixture.url + "api/packs/\(ServeFixture.dungeon)")
        #expect(try removed.json()["state"] as? String == "not_downloaded")
        #expect(try HTTPClient.get(fixture.url + "audio/\(id)").status == 404)
    }

    @Test(
        "paths that try to leave the audio folder are refused",
        arguments: [
            "audio/..%2F..%2Flibrary.sqlite", "audio/%2E%2E%2Flibrary.sqlite", "audio/../library.sqlite",
            "audio/..", "audio/%00", "audio/a%2Fb", "audio/AudioAssets%2F", "audio//etc/passwd",
            "library.sqlite", "..%2Flibrary.sqlite", "%2E%2E/library.sqlite",
        ])
    func traversal(path: String) throws {
        let fixture = try Self.shared()
        let reply = try HTTPClient.get(fixture.url + path)
        #expect(reply.status == 400 || reply.status == 404, "\(path): \(reply.status)")
        #expect(!reply.text.contains("SQLite format"), "\(path) served a file")
    }

    @Test("POST, PUT and DELETE without X-Soundshelf: 1 are refused with 403 and change nothing")
    func stateChangesNeedTheHeader() throws {
        let fixture = try Self.shared()
        let item = try #require(
            (try HTTPClient.get(fixture.url + "api/items?kind=sfx&limit=1").json()["items"] as? [[String: Any]])?
                .first?["id"] as? String)
        let attempts: [(String, String, String?)] = [
            ("PUT", "api/favorites/\(item)", nil), ("POST", "api/scenes", #"{"title": "x"}"#),
            ("POST", "api/packs/dungeon-delve/install", nil), ("DELETE", "api/packs/dungeon-delve", nil),
            ("POST", "api/plays", #"{"target": "\#(item)", "played": 999}"#),
        ]
        for (method, path, body) in attempts {
            for headers in [[:], ["X-Soundshelf": "0"]] {
                let reply = try HTTPClient.send(method, fixture.url + path, headers: headers, body: body)
                #expect(reply.status == 403, "\(method) \(path)")
                #expect((try? reply.json()["error"] as? String)?.contains("X-Soundshelf") == true)
            }
        }
        #expect(try HTTPClient.get(fixture.url + "api/favorites").json()["total"] as? Int == 0)
        #expect((try HTTPClient.get(fixture.url + "api/scenes").json()["scenes"] as? [Any])?.isEmpty == true)
        #expect((try HTTPClient.get(fixture.url + "api/history").json()["plays"] as? [Any])?.isEmpty == true)
    }

    /// One fixture for the read-only checks above (each test still gets a fresh one when run alone).
    private static let sharedFixture = Result { try ServeFixture() }
    static func shared() throws -> ServeFixture { try sharedFixture.get() }
}
