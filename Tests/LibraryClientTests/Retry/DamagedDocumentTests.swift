import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// A document whose bytes were damaged on the way (a byte flipped by a bad proxy) is fetched
/// once more, as archives and assets are: catalog.json that cannot be read or whose signature
/// does not verify, a seed or a manifest that fails its SHA-256. A second failure is the
/// document's own and is reported, and a sync that fails changes nothing.
@Suite("Damaged documents", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct DamagedDocumentTests {
    /// A fixture catalog served behind a proxy faulting as `scripts` say (for a seed's path, see
    /// `seedPath`), signed and trusted when `signed`.
    private struct SyncSetup {
        let h: Harness
        let server: FaultyHTTPServer
        let proxy: FaultProxy
        let keyFile: URL?

        init(signed: Bool = false, scripts: (_ seedPath: String) -> [String: FaultProxy.Script]) throws {
            h = try Harness()
            let keyFile = h.tmp.url.appendingPathComponent("catalog.pub")
            let key = signed ? try FixtureCatalog.makeKey(publicKeyFile: keyFile) : nil
            let published = try h.fixture.publish(seed: FilterFacetTests.seed(), catalogVersion: 2, signWith: key)
            self.keyFile = signed ? keyFile : nil
            server = try FaultyHTTPServer(root: h.fixture.folder.path)
            proxy = try FaultProxy(upstream: server.baseURL, scripts: scripts("/seeds/\(published.seedSHA256).json"))
        }

        func sync() async throws -> SyncResult {
            try await h.library.sync(
                SyncOptions(catalog: proxy.baseURL, trustKeyFile: keyFile?.path),
                transport: URLCatalogTransport(timeout: 5, policy: ProxiedInstall.quick))
        }
    }

    @Test("a flipped byte in catalog.json, unsigned or signed, is fetched again", arguments: [false, true])
    func catalogFlippedOnce(signed: Bool) async throws {
        let setup = try SyncSetup(signed: signed) { _ in ["/catalog.json": .first(.flip)] }
        let result = try await setup.sync()
        #expect(result.inserted == 8 && result.retries == 1)
        #expect(setup.proxy.requests.filter { $0.path == "/catalog.json" }.count == 2)
    }

    @Test("a flipped byte in the seed is fetched again")
    func seedFlippedOnce() async throws {
        let setup = try SyncSetup { seed in [seed: .first(.flip)] }
        let result = try await setup.sync()
        #expect(result.inserted == 8 && result.retries == 1)
    }

    @Test("a seed damaged every time fails the sync with its SHA-256 after one more try; nothing imported")
    func seedFlippedEveryTime() async throws {
        var seedPath = ""
        let setup = try SyncSetup { seed in
            seedPath = seed
            return [seed: .every(.flip)]
        }
        await #expect {
            _ = try await setup.sync()
        } throws: { error in
            guard case LibraryClientError.integrityMismatch(let url, "SHA-256", _, _) = error else { return false }
            return url.hasSuffix(seedPath)
        }
        #expect(setup.proxy.requests.filter { $0.path == seedPath }.count == 2)
        #expect(try await setup.h.library.isImported() == false)
    }

    @Test("a flipped byte in the manifest is fetched again and the pack installs")
    func manifestFlippedOnce() async throws {
        let setup = try await ProxiedInstall { _ in [ProxiedInstall.manifestPath: .first(.flip)] }
        defer { setup.stop() }
        let result = try await setup.install().get()
        #expect(result.state == .downloaded && result.retries == 1)
        #expect(setup.requests(ProxiedInstall.manifestPath).count == 2)
        #expect(try await setup.consistency().isClean)
    }

    @Test("a flipped byte in catalog.json read again by an install is fetched again and the pack installs")
    func catalogFlippedDuringInstall() async throws {
        let setup = try await ProxiedInstall(syncDirect: true) { _ in ["/catalog.json": .first(.flip)] }
        defer { setup.stop() }
        let result = try await setup.install().get()
        #expect(result.state == .downloaded && result.retries == 1)
        #expect(setup.requests("/catalog.json").count == 2)
    }

    @Test("a manifest damaged every time fails with its SHA-256 after one more try; nothing installed")
    func manifestFlippedEveryTime() async throws {
        let setup = try await ProxiedInstall { _ in [ProxiedInstall.manifestPath: .every(.flip)] }
        defer { setup.stop() }
        let result = await setup.install()
        #expect(throws: PackInstallError.self) { try result.get() }
        guard case .failure(PackInstallError.hashMismatch(let url, _, _)) = result else {
            Issue.record("expected a hash mismatch, got \(result)")
            return
        }
        #expect(url == setup.url(ProxiedInstall.manifestPath))
        #expect(setup.requests(ProxiedInstall.manifestPath).count == 2)
        #expect(try await setup.fx.state().state == "failed")
        #expect(setup.fx.audioAssetsTree().isEmpty)
        #expect(try await setup.consistency().isClean)
    }
}
