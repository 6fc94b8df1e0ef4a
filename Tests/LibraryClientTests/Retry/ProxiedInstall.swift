import CatalogModel
import Foundation
import TestSupport

@testable import LibraryClient

/// The demo catalog (``InstallFixture``) served by a ``FaultyHTTPServer`` behind a
/// ``FaultProxy`` that faults what `scripts` name, and synced: through the proxy, or (`syncDirect`)
/// straight from the server with installs still reading catalog.json and the manifest through
/// the proxy (``DownloadPolicy/catalogLocation``), so a script on catalog.json hits the install.
///
/// ```swift
/// let setup = try await ProxiedInstall { fx in [fx.archivePath(): .first(.flip)] }
/// defer { setup.stop() }
/// let result = try await setup.install().get()     // result.retries == 1
/// ```
struct ProxiedInstall {
    let fx: InstallFixture
    let server: FaultyHTTPServer
    let proxy: FaultProxy
    let policy: DownloadPolicy

    /// Quick retries; stall timeouts long enough that a busy machine never trips them (these
    /// tests count retries exactly, and inject no stall).
    static var quick: DownloadPolicy {
        var policy = DownloadPolicy(stallTimeout: 5, maxRetries: 3, retryDelay: 0.02, progressInterval: 0.02)
        policy.maxRetryDelay = 0.1
        return policy
    }

    static let manifestPath = "/packs/\(InstallFixture.dungeon)/1/manifest.json"

    static func assetPath(_ fx: InstallFixture, _ index: Int = 3) throws -> String {
        "/packs/\(InstallFixture.dungeon)/1/assets/\(try fx.manifest().assets[index].fileName)"
    }

    init(
        syncDirect: Bool = false, settings: FaultProxy.Settings = .init(),
        scripts: (InstallFixture) throws -> [String: FaultProxy.Script]
    ) async throws {
        fx = try InstallFixture()
        server = try FaultyHTTPServer(root: fx.dist.path)
        proxy = try FaultProxy(upstream: server.baseURL, settings: settings, scripts: try scripts(fx))
        var policy = Self.quick
        if syncDirect { policy.catalogLocation = proxy.baseURL.absoluteString }
        self.policy = policy
        try await fx.sync(
            from: (syncDirect ? server.baseURL : proxy.baseURL).absoluteString, transport: transport)
    }

    /// Reads documents as `policy` says.
    var transport: URLCatalogTransport { URLCatalogTransport(timeout: 5, policy: policy) }

    func install(_ pack: String = "dungeon-delve", perAsset: Bool = false) async -> Result<PackInstallResult, any Error>
    {
        let manager = fx.library.makeDownloadManager(policy: policy, transport: transport)
        do { return .success(try await manager.startDownload(PackReference(pack), perAsset: perAsset)) } catch {
            return .failure(error)
        }
    }

    func requests(_ path: String) -> [FaultProxy.Request] { proxy.requests.filter { $0.path == path } }

    /// The proxy's URL for a request path.
    func url(_ path: String) -> String { proxy.baseURL.absoluteString + path.dropFirst() }

    func consistency() async throws -> LibraryConsistency.Findings {
        try await LibraryConsistency(
            library: fx.library, root: fx.root, manifests: [InstallFixture.dungeon: try fx.manifest()]
        ).check()
    }

    func stop() {
        proxy.stop()
        server.stop()
    }
}
