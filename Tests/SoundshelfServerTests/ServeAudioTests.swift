import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// Installing through the API, then `GET /audio/{itemId}`: ranges, validators, and nothing but
/// installed audio reachable (the router in-process; installs from the published folder).
@Suite("client serve: installs and audio", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct ServeAudioTests {
    @Test("an install through the API answers as `client install --json`; audio streams with Range, ETag and 304")
    func installAndStream() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let install = try await client.change(.post, "/api/packs/dungeon-delve/install")
            #expect(install.status == .ok, "\(install.text)")
            let installed = try install.json()
            #expect(
                Set(installed.keys) == [
                    "packId", "state", "files", "bytes", "reused", "downloaded", "resumed", "retries",
                ])
            #expect(installed["packId"] as? String == RouterFixture.dungeon)
            #expect(installed["state"] as? String == "downloaded")

            let items = try await client.get("/api/items?kind=sfx").json()["items"] as? [[String: Any]]
            let item = try #require(items?.first { $0["available"] as? Bool == true })
            let id = try #require(item["id"] as? String)
            let whole = try await client.get("/audio/\(id)")
            #expect(whole.status == .ok)
            #expect(whole.headers[.contentType]?.hasPrefix("audio/") == true, "\(whole.headers)")
            #expect(whole.headers[.acceptRanges] == "bytes")
            let size = whole.body.readableBytes
            #expect(size > 100)
            #expect(whole.headers[.contentLength] == String(size))
            let etag = try #require(whole.headers[.eTag])
            try await Self.ranges(id, whole.data, client)

            let cached = try await client.get("/audio/\(id)", headers: ["If-None-Match": etag])
            #expect(cached.status == .notModified)
            #expect(cached.body.readableBytes == 0)
            let stale = try await client.get("/audio/\(id)", headers: ["If-None-Match": "\"other\""])
            #expect(stale.status == .ok)

            // Not installed: an atmosphere item; unknown: a made-up id.
            let atmosphere = try await client.get("/api/items?kind=atmosphere&limit=1").json()["items"]
            let notInstalled = try #require((atmosphere as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await client.get("/audio/\(notInstalled)").status == .notFound)
            #expect(try await client.get("/audio/00000000-0000-4000-8000-000000000000").status == .notFound)

            let removed = try await client.change(.delete, "/api/packs/\(RouterFixture.dungeon)")
            #expect(try removed.json()["state"] as? String == "not_downloaded")
            #expect(try await client.get("/audio/\(id)").status == .notFound)
        }
    }

    private static func ranges(_ id: String, _ whole: Data, _ client: any TestClientProtocol) async throws {
        let size = whole.count
        let part = try await client.get("/audio/\(id)", headers: ["Range": "bytes=10-49"])
        #expect(part.status == .partialContent)
        #expect(part.data == whole.subdata(in: 10..<50))
        #expect(part.headers[.contentRange] == "bytes 10-49/\(size)")
        let tail = try await client.get("/audio/\(id)", headers: ["Range": "bytes=-16"])
        #expect(tail.status == .partialContent)
        #expect(tail.data == whole.suffix(16))
        let open = try await client.get("/audio/\(id)", headers: ["Range": "bytes=\(size - 5)-"])
        #expect(open.data == whole.suffix(5))
        let outside = try await client.get("/audio/\(id)", headers: ["Range": "bytes=\(size)-"])
        #expect(outside.status == .rangeNotSatisfiable)
        #expect(outside.headers[.contentRange] == "bytes */\(size)")
    }

    /// Paths that try to reach the database or leave `AudioAssets/`.
    static let traversals = [
        "audio/..%2F..%2Flibrary.sqlite", "audio/%2E%2E%2Flibrary.sqlite", "audio/../library.sqlite",
        "audio/..", "audio/%00", "audio/a%2Fb", "audio/AudioAssets%2F", "audio//etc/passwd",
        "library.sqlite", "..%2Flibrary.sqlite", "%2E%2E/library.sqlite",
    ]

    @Test("paths that try to leave the audio folder are refused")
    func traversal() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            for path in Self.traversals {
                let reply = try await client.get("/" + path)
                #expect(reply.status == .badRequest || reply.status == .notFound, "\(path): \(reply.status)")
                #expect(!reply.text.contains("SQLite format"), "\(path) served a file")
            }
        }
    }

    @Test("POST, PUT and DELETE without X-Soundshelf: 1 are refused with 403 and change nothing")
    func stateChangesNeedTheHeader() async throws {
        let fixture = try RouterFixture()
        try await fixture.test { client async throws in
            let page = try await client.get("/api/items?kind=sfx&limit=1").json()
            let item = try #require((page["items"] as? [[String: Any]])?.first?["id"] as? String)
            let attempts: [(HTTPRequest.Method, String, String?)] = [
                (.put, "/api/favorites/\(item)", nil), (.post, "/api/scenes", #"{"title": "x"}"#),
                (.post, "/api/packs/dungeon-delve/install", nil), (.delete, "/api/packs/dungeon-delve", nil),
                (.post, "/api/plays", #"{"target": "\#(item)", "played": 999}"#),
            ]
            for (method, path, body) in attempts {
                for headers in [[:], ["X-Soundshelf": "0"]] {
                    let reply = try await client.send(method, path, headers: headers, body: body)
                    #expect(reply.status == .forbidden, "\(method) \(path)")
                    #expect(reply.error?.contains("X-Soundshelf") == true)
                }
            }
            #expect(try await client.get("/api/favorites").json()["total"] as? Int == 0)
            #expect((try await client.get("/api/scenes").json()["scenes"] as? [Any])?.isEmpty == true)
            #expect((try await client.get("/api/history").json()["plays"] as? [Any])?.isEmpty == true)
        }
    }
}
