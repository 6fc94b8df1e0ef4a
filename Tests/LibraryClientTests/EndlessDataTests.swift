import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// TUF's "endless data" attack: a server that never stops sending. Every document fetch is
/// capped (catalog.json by a fixed limit, the seed and manifests by the size catalog.json
/// declares), so the sync fails fast with a clear message, holds no more than the cap in
/// memory, and changes nothing.
struct EndlessDataTests {
    static let seed = SeedFactory.seed(version: 1, music: [SeedFactory.music(1, "Into the Underdark")], packs: [])

    func syncThroughServer(endless path: String) async throws -> (Harness, any Error) {
        let h = try Harness()
        let published = try h.fixture.publish(seed: Self.seed)
        try await h.sync()
        let before = try await h.dump()
        let target = path == "seed" ? "/seeds/\(published.seedSHA256).json" : "/\(path)"
        let server = try FaultyHTTPServer(root: h.fixture.folder.path, faults: [target: .endless])
        defer { server.stop() }
        let started = Date()
        let error = await #expect(throws: LibraryClientError.self) {
            try await h.library.sync(SyncOptions(catalog: server.baseURL, force: true))
        }
        #expect(Date().timeIntervalSince(started) < 20, "the fetch stops at its cap instead of reading forever")
        #expect(try await h.dump() == before, "a refused sync changes nothing")
        return (h, try #require(error))
    }

    @Test func endlessCatalogJSONIsCutOffAtItsLimit() async throws {
        let (_, error) = try await syncThroughServer(endless: "catalog.json")
        #expect(
            "\(error)".contains("catalog.json: the server sent more than \(URLCatalogTransport.defaultLimit) bytes"))
    }

    @Test func endlessSeedIsCutOffAtItsDeclaredSize() async throws {
        let (_, error) = try await syncThroughServer(endless: "seed")
        #expect("\(error)".contains("seeds/") && "\(error)".contains("the server sent more than"))
    }
}
