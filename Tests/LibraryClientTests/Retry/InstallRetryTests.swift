import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Installs through a ``FaultProxy`` that faults chosen requests on purpose: a 503 is waited out
/// (as long as its Retry-After asks) and counted, a byte flipped once is fetched again, a byte
/// flipped every time fails with the hash mismatch and installs nothing, a 404 fails at once.
@Suite("Install retries", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct InstallRetryTests {
    @Test("a 503 with Retry-After on the manifest and on the archive is waited out, retried and counted")
    func busyManifestAndArchive() async throws {
        let setup = try await ProxiedInstall { fx in
            [
                ProxiedInstall.manifestPath: .first(.busy(retryAfter: "1")),
                fx.archivePath(): .first(.busy(retryAfter: "0")),
            ]
        }
        defer { setup.stop() }
        let started = Date()
        let result = try await setup.install().get()
        #expect(Date().timeIntervalSince(started) >= 1, "Retry-After: 1 is honoured")
        #expect(result.state == .downloaded && result.retries == 2)
        #expect(setup.requests(ProxiedInstall.manifestPath).count == 2)
        #expect(setup.requests(setup.fx.archivePath()).map(\.range) == [nil, nil])
        #expect(setup.fx.wronglyInstalled(try setup.fx.manifest()).isEmpty)
        #expect(try await setup.consistency().isClean)
    }

    @Test("a byte flipped once in the archive is fetched again from the start and installs")
    func archiveFlippedOnce() async throws {
        let setup = try await ProxiedInstall { fx in [fx.archivePath(): .first(.flip)] }
        defer { setup.stop() }
        let result = try await setup.install().get()
        #expect(result.state == .downloaded && result.retries == 1)
        #expect(setup.requests(setup.fx.archivePath()).map(\.range) == [nil, nil])
        #expect(setup.fx.wronglyInstalled(try setup.fx.manifest()).isEmpty)
        #expect(try await setup.consistency().isClean)
    }

    @Test(
        "progress starts over with the second download of a damaged body and never passes the total",
        arguments: [false, true])
    func progressAfterDamage(perAsset: Bool) async throws {
        let setup = try await ProxiedInstall { fx in
            [perAsset ? try ProxiedInstall.assetPath(fx) : fx.archivePath(): .first(.flip)]
        }
        defer { setup.stop() }
        let manager = setup.fx.library.makeDownloadManager(policy: setup.policy, transport: setup.transport)
        let events = manager.progress(for: InstallFixture.dungeon)
        let result = try await manager.startDownload("dungeon-delve", perAsset: perAsset)
        #expect(result.retries == 1)
        var downloading: [PackDownloadEvent] = []
        for await event in events {
            if event.phase == .downloading { downloading.append(event) }
            if event.phase.isFinal { break }
        }
        let over = downloading.filter { $0.bytesDownloaded > $0.bytesTotal }
        #expect(over.isEmpty, "\(over.map { "\($0.bytesDownloaded) of \($0.bytesTotal)" })")
        #expect(downloading.last?.bytesDownloaded == result.downloadedBytes)
    }

    @Test("a byte flipped once in a per-asset download is fetched again and installs")
    func assetFlippedOnce() async throws {
        let setup = try await ProxiedInstall { fx in [try ProxiedInstall.assetPath(fx): .first(.flip)] }
        defer { setup.stop() }
        let result = try await setup.install(perAsset: true).get()
        #expect(result.state == .downloaded && result.retries == 1)
        #expect(setup.requests(try ProxiedInstall.assetPath(setup.fx)).count == 2)
        #expect(setup.fx.wronglyInstalled(try setup.fx.manifest()).isEmpty)
        #expect(try await setup.consistency().isClean)
    }

    @Test(
        "a byte flipped in every response fails with the hash mismatch after one more try; nothing installed",
        arguments: [false, true])
    func flippedEveryTime(perAsset: Bool) async throws {
        let setup = try await ProxiedInstall { fx in
            [perAsset ? try ProxiedInstall.assetPath(fx) : fx.archivePath(): .every(.flip)]
        }
        defer { setup.stop() }
        let path = perAsset ? try ProxiedInstall.assetPath(setup.fx) : setup.fx.archivePath()
        let result = await setup.install(perAsset: perAsset)
        guard case .failure(PackInstallError.hashMismatch(let url, _, _)) = result else {
            Issue.record("expected a hash mismatch, got \(result)")
            return
        }
        #expect(url.hasPrefix(setup.url(path)))
        #expect(setup.requests(path).count == 2, "the first download and one more")
        let state = try await setup.fx.state()
        #expect(state.state == "failed" && state.lastError?.contains("SHA-256 mismatch") == true)
        #expect(try await setup.fx.localAssets().isEmpty)
        #expect(setup.fx.audioAssetsTree().isEmpty)
        #expect(try await setup.consistency().isClean)
    }

    @Test("a 404 on an asset fails at once with the URL and the status")
    func missingAsset() async throws {
        let setup = try await ProxiedInstall { _ in [:] }
        defer { setup.stop() }
        let path = try ProxiedInstall.assetPath(setup.fx)
        try FileManager.default.removeItem(at: setup.fx.dist.appendingPathComponent(String(path.dropFirst())))
        let result = await setup.install(perAsset: true)
        #expect(throws: PackInstallError.httpStatus(url: setup.url(path), status: 404)) { try result.get() }
        #expect(setup.requests(path).count == 1)
        let state = try await setup.fx.state()
        #expect(state.state == "failed")
        #expect(state.lastError?.contains(setup.url(path)) == true && state.lastError?.contains("404") == true)
        #expect(setup.fx.audioAssetsTree().isEmpty)
        #expect(try await setup.consistency().isClean)
    }
}
