import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Transfers that go wrong, served by the fault-injecting server: resumes, restarts, error
/// pages, oversized and trickling bodies, damaged files. A failure must leave `AudioAssets/`
/// untouched and say what went wrong where.
@Suite("Install faults", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct InstallFaultTests {
    /// Serves the fixture with `faults` on the pack archive, syncs, and tries to install.
    private func install(
        _ fx: InstallFixture, faults: [String: FaultyHTTPServer.Fault],
        policy: DownloadPolicy = InstallFixture.fastPolicy,
        perAsset: Bool = false
    ) async throws -> (FaultyHTTPServer, Result<PackInstallResult, any Error>) {
        let server = try FaultyHTTPServer(root: fx.dist.path, faults: faults)
        try await fx.sync(from: server.baseURL.absoluteString)
        let manager = fx.manager(policy)
        do { return (server, .success(try await manager.startDownload("dungeon-delve", perAsset: perAsset))) } catch {
            return (server, .failure(error))
        }
    }

    @Test("a connection cut mid-body is resumed with Range and completes")
    func resumeAfterCut() async throws {
        let fx = try InstallFixture()
        let (server, result) = try await install(fx, faults: [fx.archivePath(): .closeAfter(bytes: 40_000)])
        defer { server.stop() }
        #expect(try result.get().state == .downloaded)
        let ranges = server.requests.filter { $0.path == fx.archivePath() }.map(\.range)
        #expect(ranges == [nil, "bytes=40000-"])
        #expect(fx.installedFiles().count == 9)
    }

    @Test("a redirected archive is followed, and a cut after the redirect resumes with Range")
    func redirectThenResume() async throws {
        let fx = try InstallFixture()
        let moved = fx.dist.appendingPathComponent("moved/pack.tar")
        try FileManager.default.createDirectory(
            at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fx.packFolder().appendingPathComponent("pack.tar"), to: moved)
        let (server, result) = try await install(
            fx,
            faults: [
                fx.archivePath(): .redirect(to: "/moved/pack.tar"),
                "/moved/pack.tar": .closeAfter(bytes: 40_000),
            ])
        defer { server.stop() }
        #expect(try result.get().state == .downloaded)
        #expect(server.requests.filter { $0.path == fx.archivePath() }.map(\.range) == [nil, "bytes=40000-"])
        #expect(server.requests.filter { $0.path == "/moved/pack.tar" }.map(\.range) == [nil, "bytes=40000-"])
        #expect(fx.installedFiles().count == 9)
    }

    @Test("a server that ignores Range restarts cleanly and succeeds")
    func ignoredRange() async throws {
        let fx = try InstallFixture()
        let archive = try #require(try fx.manifest().archive)
        // A partial download left by an earlier run: the first 30 000 bytes of the archive.
        let partial = fx.staging.appendingPathComponent("\(InstallFixture.dungeon)/downloads/\(archive.sha256).part")
        try FileManager.default.createDirectory(
            at: partial.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contentsOf: fx.packFolder().appendingPathComponent("pack.tar")).prefix(30_000).write(to: partial)
        let (server, result) = try await install(fx, faults: [fx.archivePath(): .ignoreRange])
        defer { server.stop() }
        #expect(try result.get().state == .downloaded)
        #expect(server.requests.filter { $0.path == fx.archivePath() }.map(\.range) == ["bytes=30000-"])
        #expect(fx.installedFiles().count == 9)
    }

    @Test("403 with an HTML page fails; last_error names the URL and the status")
    func forbidden() async throws {
        let fx = try InstallFixture()
        let (server, result) = try await install(
            fx, faults: [fx.archivePath(): .status(403, body: "<html><h1>Forbidden</h1></html>")])
        defer { server.stop() }
        #expect(throws: PackInstallError.self) { try result.get() }
        let state = try await fx.state()
        #expect(state.state == "failed")
        let error = try #require(state.lastError)
        #expect(error.contains("\(server.baseURL.absoluteString.dropLast())\(fx.archivePath())"))
        #expect(error.contains("403"))
        #expect(fx.audioAssetsTree().isEmpty)
    }

    @Test("more bytes than declared is a size mismatch, never truncated and accepted", arguments: [false, true])
    func oversend(declareLength: Bool) async throws {
        let fx = try InstallFixture()
        let (server, result) = try await install(
            fx, faults: [fx.archivePath(): .oversend(extra: 5000, declareLength: declareLength)])
        defer { server.stop() }
        #expect(throws: PackInstallError.self) { try result.get() }
        let state = try await fx.state()
        #expect(state.state == "failed")
        #expect(state.lastError?.contains("size mismatch") == true)
        #expect(state.lastError?.contains(fx.archivePath()) == true)
        #expect(fx.audioAssetsTree().isEmpty)
        #expect(
            !FileManager.default.fileExists(
                atPath: fx.staging.appendingPathComponent("\(InstallFixture.dungeon)/files").path))
    }

    @Test("a body trickling slower than the stall timeout fails with a timeout")
    func trickle() async throws {
        let fx = try InstallFixture()
        let policy = DownloadPolicy(stallTimeout: 0.4, maxRetries: 1, retryDelay: 0.05, progressInterval: 0.02)
        let (server, result) = try await install(
            fx, faults: [fx.archivePath(): .trickle(bytes: 1000, every: 2)], policy: policy)
        defer { server.stop() }
        #expect(throws: PackInstallError.self) { try result.get() }
        let state = try await fx.state()
        #expect(state.state == "failed")
        #expect(state.lastError?.contains("timed out") == true)
        #expect(fx.audioAssetsTree().isEmpty)
        // The attempts resumed what had arrived.
        #expect(server.requests.filter { $0.path == fx.archivePath() }.count == 2)
    }

    @Test("a damaged archive (wrong hash) fails and installs nothing")
    func damagedArchive() async throws {
        let fx = try InstallFixture()
        try fx.corrupt(fx.packFolder().appendingPathComponent("pack.tar"))
        let (server, result) = try await install(fx, faults: [:])
        defer { server.stop() }
        #expect(throws: PackInstallError.self) { try result.get() }
        let state = try await fx.state()
        #expect(state.state == "failed")
        #expect(state.lastError?.contains("SHA-256 mismatch") == true)
        #expect(fx.audioAssetsTree().isEmpty)
        #expect(try await fx.localAssets().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fx.staging.appendingPathComponent(InstallFixture.dungeon).path))
    }

    @Test("a damaged asset (wrong hash) fails per-asset installs and installs nothing")
    func damagedAsset() async throws {
        let fx = try InstallFixture()
        let asset = try fx.manifest().assets[3]
        try fx.corrupt(fx.packFolder().appendingPathComponent("assets/\(asset.fileName)"))
        let (server, result) = try await install(fx, faults: [:], perAsset: true)
        defer { server.stop() }
        #expect(throws: PackInstallError.self) { try result.get() }
        let state = try await fx.state()
        #expect(state.state == "failed")
        #expect(state.lastError?.contains(asset.fileName) == true)
        #expect(state.lastError?.contains(asset.sha256) == true)
        #expect(fx.audioAssetsTree().isEmpty)
    }

    @Test("a failed upgrade keeps the installed version's files and rows")
    func failedUpgradeKeepsOld() async throws {
        let fx = try InstallFixture()
        let server = try FaultyHTTPServer(root: fx.dist.path)
        defer { server.stop() }
        try await fx.sync(from: server.baseURL.absoluteString)
        let manager = fx.manager(DownloadPolicy(stallTimeout: 3, maxRetries: 1, retryDelay: 0.01))
        try await manager.startDownload("dungeon-delve")
        let tree = fx.audioAssetsTree()
        try DemoCatalog.edit(
            fx.source + "/packs/dungeon-delve/pack.yaml", replacing: "version: 1 ", with: "version: 2 ")
        try DemoCatalog.edit(
            fx.source + "/packs/dungeon-delve/pack.yaml", replacing: "title: \"Dart Trap\"",
            with: "title: \"Dart Trap II\"")
        try fx.publish()
        try await fx.sync(from: server.baseURL.absoluteString)
        // Same audio, new version: everything is reused, nothing is fetched, so corrupt one installed file to force a fetch.
        try fx.corrupt(
            fx.root.appendingPathComponent(
                "AudioAssets/\(InstallFixture.dungeon)/\(try fx.manifest().assets[0].fileName)"))
        let damagedTree = fx.audioAssetsTree()
        try FileManager.default.removeItem(
            at: fx.packFolder(version: 2).appendingPathComponent("assets/\(try fx.manifest().assets[0].fileName)"))
        await #expect(throws: (any Error).self) { try await manager.startDownload("dungeon-delve") }
        #expect(fx.audioAssetsTree() == damagedTree)
        #expect(tree == damagedTree)
        let state = try await fx.state()
        #expect(state.state == "failed")
        #expect(state.installedVersion == 1)
        #expect(try await fx.localAssets().count == 9)
    }
}
