import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Sync over http:// against the fault-injecting test server.
@Suite struct HTTPSyncTests {
    @Test(arguments: ["", "/", "/catalog.json"])
    func syncsOverHTTP(suffix: String) async throws {
        let h = try Harness()
        try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2)
        let server = try FaultyHTTPServer(root: h.fixture.folder.path)
        defer { server.stop() }
        let base = server.baseURL.absoluteString.dropLast()  // "http://127.0.0.1:port"
        let result = try await h.library.sync(SyncOptions(catalog: URL(string: base + suffix)))
        #expect(result.catalogVersion == 2 && result.inserted == 8)
        #expect(try await h.library.catalogState().catalogLocation == base + "/catalog.json")
        #expect(server.requests.map(\.path).contains { $0.hasPrefix("/seeds/") })
    }

    @Test func aServerErrorNamesTheURLAndStatus() async throws {
        let h = try Harness()
        try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2)
        let server = try FaultyHTTPServer(
            root: h.fixture.folder.path,
            faults: ["/catalog.json": .status(503, body: "busy")])
        defer { server.stop() }
        do {
            _ = try await h.library.sync(
                SyncOptions(catalog: server.baseURL),
                transport: URLCatalogTransport(policy: DownloadPolicy(maxRetries: 1, retryDelay: 0.01)))
            Issue.record("expected a failure")
        } catch let error as LibraryClientError {
            guard case .httpStatus(let url, 503) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(url.hasSuffix("/catalog.json") && error.description.contains("HTTP 503"))
        }
        #expect(try await h.library.isImported() == false)
    }

    @Test func aMissingSeedIsReported() async throws {
        let h = try Harness()
        let published = try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2)
        try FileManager.default.removeItem(
            at: h.fixture.folder.appendingPathComponent("seeds/\(published.seedSHA256).json"))
        let server = try FaultyHTTPServer(root: h.fixture.folder.path)
        defer { server.stop() }
        await #expect(
            throws: LibraryClientError.missingFile(
                url: server.baseURL.absoluteString + "seeds/\(published.seedSHA256).json")
        ) {
            _ = try await h.library.sync(SyncOptions(catalog: server.baseURL))
        }
    }

    @Test func aStalledServerTimesOut() async throws {
        let h = try Harness()
        try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2)
        let server = try FaultyHTTPServer(
            root: h.fixture.folder.path,
            faults: ["/catalog.json": .trickle(bytes: 10, every: 3)])
        defer { server.stop() }
        await #expect(throws: LibraryClientError.self) {
            _ = try await h.library.sync(
                SyncOptions(catalog: server.baseURL),
                transport: URLCatalogTransport(timeout: 1, policy: DownloadPolicy(maxRetries: 1, retryDelay: 0.01)))
        }
    }
}

@Suite struct CatalogLocationTests {
    @Test(arguments: [
        ("https://cdn.example.com/shelf", "https://cdn.example.com/shelf/catalog.json"),
        ("https://cdn.example.com/shelf/", "https://cdn.example.com/shelf/catalog.json"),
        ("https://cdn.example.com/shelf/catalog.json", "https://cdn.example.com/shelf/catalog.json"),
        ("file:///srv/dist/", "file:///srv/dist/catalog.json"),
        ("/srv/dist", "file:///srv/dist/catalog.json"),
        ("/srv/dist/catalog.json", "file:///srv/dist/catalog.json"),
    ])
    func resolvesCatalogJSON(input: String, expected: String) throws {
        let location = try CatalogLocation(input)
        #expect(location.catalogURL.absoluteString == expected)
        #expect(
            location.resolve("seeds/a.json").absoluteString
                == expected.replacingOccurrences(of: "catalog.json", with: "seeds/a.json"))
    }

    @Test func rejectsOtherSchemes() {
        #expect(throws: CatalogLocationError(text: "ftp://x/y")) { try CatalogLocation("ftp://x/y") }
    }

    @Test func upperCaseIDsAreStoredCanonically() async throws {
        let h = try Harness()
        var seed = FilterFacetTests.seed()
        seed.packs[0].items[0].id = seed.packs[0].items[0].id.uppercased()
        try await h.publishAndSync(seed)
        #expect(try await h.library.items.fetchItemDetail(itemID: tid(1)).item.id == tid(1))
    }
}
