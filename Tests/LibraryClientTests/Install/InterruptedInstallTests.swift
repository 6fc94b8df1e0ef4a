import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// A process that died mid-download, and two installs of one pack at once.
@Suite("Interrupted and concurrent installs", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct InterruptedInstallTests {
    /// The pid of a process that has exited (and been reaped).
    private func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test(
        "a stale 'downloading' state with a dead owner reads and becomes failed (interrupted); the next install resumes"
    )
    func staleDownloading() async throws {
        let fx = try InstallFixture()
        let server = try FaultyHTTPServer(root: fx.dist.path)
        defer { server.stop() }
        try await fx.sync(from: server.baseURL.absoluteString)
        let archive = try #require(try fx.manifest().archive)
        let downloads = fx.staging.appendingPathComponent("\(InstallFixture.dungeon)/downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try Data(contentsOf: fx.packFolder().appendingPathComponent("pack.tar")).prefix(50_000)
            .write(to: downloads.appendingPathComponent("\(archive.sha256).part"))
        try Data("\(try deadPID())\n".utf8).write(
            to: fx.staging.appendingPathComponent("\(InstallFixture.dungeon).lock"))
        try await fx.library.database.writer.write { db in
            try db.execute(
                sql: "UPDATE pack_state SET state = 'downloading', bytes_downloaded = 50000 WHERE pack_id = ?",
                arguments: [InstallFixture.dungeon])
        }

        // Read before anything corrects the row, the pack already says what happened.
        let shown = try await fx.library.packs.fetchPack(.id(InstallFixture.dungeon))
        #expect(shown.state == .failed && shown.lastError?.contains("interrupted") == true)
        let listed = try await fx.library.packs.fetchPacks().first { $0.id == InstallFixture.dungeon }
        #expect(listed?.state == .failed)
        #expect(try await fx.state().state == "downloading", "reading changed nothing")

        let manager = fx.manager()
        #expect(try await manager.recoverInterruptedDownloads() == [InstallFixture.dungeon])
        let failed = try await fx.state()
        #expect(failed.state == "failed")
        #expect(failed.lastError?.contains("interrupted") == true)

        let result = try await manager.repairOrResume("dungeon-delve")
        #expect(server.requests.filter { $0.path == fx.archivePath() }.map(\.range) == ["bytes=50000-"])
        #expect(result.resumedBytes == 50_000 && result.downloadedBytes == archive.bytes - 50_000)
        #expect(try await fx.state().state == "downloaded")
        #expect(fx.installedFiles().count == 9)
        #expect(
            !FileManager.default.fileExists(
                atPath: fx.staging.appendingPathComponent("\(InstallFixture.dungeon).lock").path))
    }

    @Test("a live lock owner makes a second install say another process is installing the pack")
    func busy() async throws {
        let fx = try InstallFixture()
        try await fx.sync(from: fx.dist.path)
        try FileManager.default.createDirectory(at: fx.staging, withIntermediateDirectories: true)
        // pid 1 is always alive.
        try Data("1\n".utf8).write(to: fx.staging.appendingPathComponent("\(InstallFixture.dungeon).lock"))
        await #expect(throws: PackInstallError.busy(packId: InstallFixture.dungeon, pid: 1)) {
            try await fx.manager().startDownload("dungeon-delve")
        }
        #expect(try await fx.state().state == "not_downloaded")
        #expect(fx.audioAssetsTree().isEmpty)
    }

    @Test("two installs of one pack in one manager share one download")
    func joined() async throws {
        let fx = try InstallFixture()
        let server = try FaultyHTTPServer(root: fx.dist.path)
        defer { server.stop() }
        try await fx.sync(from: server.baseURL.absoluteString)
        let manager = fx.manager()
        async let first = manager.startDownload("dungeon-delve")
        async let second = manager.startDownload(PackReference(InstallFixture.dungeon))
        let (a, b) = try await (first, second)
        #expect(a.state == .downloaded && b.state == .downloaded)
        #expect(server.requests.filter { $0.path == fx.archivePath() }.count == 1)
    }

    @Test("cancelling keeps the partial download; the next install resumes it")
    func cancelAndResume() async throws {
        let fx = try InstallFixture()
        let server = try FaultyHTTPServer(
            root: fx.dist.path, faults: [fx.archivePath(): .trickle(bytes: 4096, every: 0.1)])
        defer { server.stop() }
        try await fx.sync(from: server.baseURL.absoluteString)
        let manager = fx.manager()
        let task = Task { try await manager.startDownload("dungeon-delve") }
        let downloads = fx.staging.appendingPathComponent("\(InstallFixture.dungeon)/downloads")
        // ~40 KB/s, so the 127 KB archive takes ~3 s: cancel once bytes are arriving (polling, not a
        // fixed sleep: a loaded machine may be slow to start).
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let partial = (try? FileManager.default.contentsOfDirectory(atPath: downloads.path))?.first
            let size =
                partial.flatMap {
                    try? FileManager.default.attributesOfItem(atPath: downloads.appendingPathComponent($0).path)[.size]
                        as? Int
                } ?? 0
            if size > 0 { break }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        await manager.cancelDownload("dungeon-delve")
        await #expect(throws: PackInstallError.cancelled(packId: InstallFixture.dungeon)) { try await task.value }
        let state = try await fx.state()
        #expect(state.state == "failed")
        #expect(fx.audioAssetsTree().isEmpty)
        // The archive's part, and beside it the extraction's checkpoint once it made one.
        let partials = try FileManager.default.contentsOfDirectory(atPath: downloads.path)
        #expect(partials.filter { $0.hasSuffix(".part") }.count == 1, "\(partials)")
        #expect(
            partials.allSatisfy { $0.hasSuffix(".part") || $0.hasSuffix(".part.resume") || $0.hasSuffix(".part.done") })
    }
}
