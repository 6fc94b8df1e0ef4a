import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// An error page larger than the document asked for (a CDN's 503 or 404 page in front of a
/// small manifest or signature) is judged by its status, not refused as too large: a 503 is
/// retried, a 404 reported at once as missing, both with the URL.
@Suite("Error pages larger than the document", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct ErrorPageTests {
    /// 20 KB of HTML, more than the demo manifests' 9 to 13 KB.
    static let page =
        "<html><body>" + String(repeating: "<p>Service unavailable, try again.</p>\n", count: 500)
        + "</body></html>"

    private func install(_ fault: FaultyHTTPServer.Fault) async throws -> (FaultyHTTPServer, String, (any Error)?) {
        let fx = try InstallFixture()
        let path = ProxiedInstall.manifestPath
        let server = try FaultyHTTPServer(root: fx.dist.path, faults: [path: fault])
        // Short timeouts: a request that stalls on a loaded machine is retried in seconds, not
        // after the default 30 (120 for the whole resource), past the suite's time limit.
        try await fx.sync(
            from: server.baseURL.absoluteString,
            transport: URLCatalogTransport(timeout: 5, policy: ProxiedInstall.quick))
        let manager = fx.library.makeDownloadManager(policy: ProxiedInstall.quick)
        do {
            try await manager.startDownload("dungeon-delve")
            return (server, server.baseURL.absoluteString + path.dropFirst(), nil)
        } catch {
            return (server, server.baseURL.absoluteString + path.dropFirst(), error)
        }
    }

    @Test("a 503 page larger than the manifest is retried, then reported with its status")
    func bigBusyPage() async throws {
        let (server, url, error) = try await install(.status(503, body: Self.page))
        defer { server.stop() }
        #expect(error as? LibraryClientError == .httpStatus(url: url, status: 503), "\(String(describing: error))")
        #expect(server.requests.filter { url.hasSuffix($0.path) }.count == 1 + ProxiedInstall.quick.maxRetries)
    }

    @Test("a 404 page larger than the manifest is reported at once as missing")
    func bigMissingPage() async throws {
        let (server, url, error) = try await install(.status(404, body: Self.page))
        defer { server.stop() }
        #expect(error as? LibraryClientError == .missingFile(url: url), "\(String(describing: error))")
        #expect(server.requests.filter { url.hasSuffix($0.path) }.count == 1)
    }
}
