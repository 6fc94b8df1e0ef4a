import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// A sync over a network that fails now and then: transient answers are tried again (and
/// counted), permanent ones reported at once with the URL and the status.
@Suite(.serialized) struct SyncRetryTests {
    static var quick: DownloadPolicy {
        var policy = DownloadPolicy(maxRetries: 3, retryDelay: 0.01)
        policy.maxRetryDelay = 0.05
        return policy
    }

    @Test func a503IsTriedAgainAndTheSyncSaysHowOften() async throws {
        let h = try Harness()
        let published = try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2)
        let server = try FaultyHTTPServer(
            root: h.fixture.folder.path,
            faults: [
                "/catalog.json": .busy(requests: 2, retryAfter: "0"),
                "/seeds/\(published.seedSHA256).json": .closeAfter(bytes: 100, requests: 1),
            ])
        defer { server.stop() }
        let result = try await h.library.sync(
            SyncOptions(catalog: server.baseURL), transport: URLCatalogTransport(timeout: 5, policy: Self.quick))
        #expect(result.inserted == 8 && result.retries == 3)
        #expect(server.requests.filter { $0.path == "/catalog.json" }.count == 3)
    }

    @Test func aServerStillBusyAfterTheRetriesIsNamedWithItsStatus() async throws {
        let h = try Harness()
        try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2)
        let server = try FaultyHTTPServer(
            root: h.fixture.folder.path, faults: ["/catalog.json": .busy(requests: 100)])
        defer { server.stop() }
        await #expect(
            throws: LibraryClientError.httpStatus(url: server.baseURL.absoluteString + "catalog.json", status: 503)
        ) {
            _ = try await h.library.sync(
                SyncOptions(catalog: server.baseURL), transport: URLCatalogTransport(timeout: 5, policy: Self.quick))
        }
        #expect(server.requests.count == 4, "the first request and three retries")
        #expect(try await h.library.isImported() == false)
    }

    @Test func aPermanentAnswerIsReportedAtOnce() async throws {
        let h = try Harness()
        try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2)
        let server = try FaultyHTTPServer(
            root: h.fixture.folder.path, faults: ["/catalog.json": .status(403, body: "denied")])
        defer { server.stop() }
        await #expect(
            throws: LibraryClientError.httpStatus(url: server.baseURL.absoluteString + "catalog.json", status: 403)
        ) {
            _ = try await h.library.sync(
                SyncOptions(catalog: server.baseURL), transport: URLCatalogTransport(timeout: 5, policy: Self.quick))
        }
        #expect(server.requests.count == 1)
    }

    @Test func aRetryAfterBeyondTheBudgetEndsTheRetriesAtOnce() async throws {
        let h = try Harness()
        try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2)
        let server = try FaultyHTTPServer(
            root: h.fixture.folder.path, faults: ["/catalog.json": .busy(requests: 100, retryAfter: "3600")])
        defer { server.stop() }
        let started = Date()
        await #expect(throws: LibraryClientError.self) {
            _ = try await h.library.sync(
                SyncOptions(catalog: server.baseURL), transport: URLCatalogTransport(timeout: 5, policy: Self.quick))
        }
        // One request, no wait for the hour Retry-After asked (a busy machine may take seconds to say so).
        #expect(server.requests.count == 1)
        #expect(Date().timeIntervalSince(started) < 60)
    }
}
