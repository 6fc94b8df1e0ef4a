import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// An archive is extracted as it downloads and its bytes behind the extraction are freed
/// (``ArchiveExtraction``): killed at ~90 % of a 4 MB archive, the partial download occupies a
/// small part of its size on disk while the files extracted so far wait in staging; the next run
/// goes on from the checkpoint, fetching only the rest with `Range`, and installs files that verify.
@Suite("Archives freed behind their extraction", .serialized, .timeLimit(.minutes(3)), .startsProcesses)
struct ArchiveResumeTests {
    let pack = GeneratedCatalog.Pack(slug: "tides", contents: Array(1...20), bytesPerFile: 200_000)

    @Test("killed at ~90 %: the part holds little on disk; the rerun fetches ≤ 10 % + 64 KB and installs")
    func killedNearTheEndResumesFromTheCheckpoint() async throws {
        let tmp = try TemporaryDirectory(prefix: "archive-resume")
        let catalog = try GeneratedCatalog(in: tmp)
        try catalog.write([pack])
        try catalog.publish()
        let nginx = try NginxServer(root: catalog.dist.path, rateLimit: "1000k")
        defer { nginx.stop() }
        let root = tmp.path("root")
        #expect(
            try ToolRunner.run("client", ["sync", "--catalog", nginx.baseURL.absoluteString, "--root", root]).status
                == 0)
        let archive = try #require(try catalog.manifest(pack).archive)

        let staging = URL(fileURLWithPath: root).appendingPathComponent(".staging/\(pack.id)")
        let part = staging.appendingPathComponent("downloads/\(archive.sha256.lowercased()).part")
        let process = Process()
        process.executableURL = ToolRunner.productsDirectory.appendingPathComponent("client")
        process.arguments = ["install", "tides", "--root", root]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try SignalReadySpawn.run(process)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning, (Self.size(part)?.logical ?? 0) < archive.bytes * 9 / 10 {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(process.isRunning, "the install ended before 90 % of the archive")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let held = try #require(Self.size(part))
        let extracted = try FileManager.default.contentsOfDirectory(
            atPath: staging.appendingPathComponent("files").path)
        print(
            "killed at \(held.logical) of \(archive.bytes) archive bytes: the part occupies \(held.onDisk) bytes;"
                + " \(extracted.count) files extracted")
        #expect(held.logical >= archive.bytes * 9 / 10)
        #expect(held.onDisk < archive.bytes / 4, "the archive's bytes behind the extraction are freed")
        #expect(extracted.count >= 10, "the files extracted so far wait in staging")

        let before = nginx.accessLog().count
        let rerun = try ToolRunner.run("client", ["install", "tides", "--root", root, "--json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let result = try JSONSerialization.jsonObject(with: rerun.stdoutData) as? [String: Any]
        let downloaded = try #require(
            result?["downloaded"] as? Int64 ?? (result?["downloaded"] as? Int).map(Int64.init))
        print("the rerun fetched \(downloaded) bytes (resumed \(result?["resumed"] ?? "?"))")
        #expect(downloaded <= archive.bytes / 10 + 65_536)
        let log = nginx.accessLog().dropFirst(before).filter { $0.path.hasSuffix("pack.tar") }
        #expect(!log.isEmpty && log.allSatisfy { $0.range != nil }, "\(Array(log))")

        let library = try Library(root: URL(fileURLWithPath: root))
        for asset in try catalog.manifest(pack).assets {
            let audio = try await library.items.fetchInstalledAudio(itemID: asset.itemId)
            let file = try #require(audio?.file)
            #expect(try SHA256Digest.file(atPath: file.path).sha256 == asset.sha256.lowercased())
        }
        #expect(!FileManager.default.fileExists(atPath: staging.path), "nothing is left in staging")
    }

    @Test("an 8 MB pack installs with 1.1 × its archive free (tmpfs; root only)")
    func anInstallNeedsLittleMoreThanThePack() async throws {
        guard SmallDisk.isAvailable else {
            print("skipped: mounting a tmpfs needs root (the disk-full tests run as root in scripts/test)")
            return
        }
        let big = GeneratedCatalog.Pack(slug: "harbour", contents: Array(1...40), bytesPerFile: 200_000)
        let tmp = try TemporaryDirectory(prefix: "archive-space")
        let catalog = try GeneratedCatalog(in: tmp)
        try catalog.write([big])
        try catalog.publish()
        let nginx = try NginxServer(root: catalog.dist.path)
        defer { nginx.stop() }
        let archive = try #require(try catalog.manifest(big).archive)
        let disk = try #require(try SmallDisk(bytes: 64 << 20))
        defer { disk.unmount() }
        let root = disk.path("root")
        #expect(
            try ToolRunner.run("client", ["sync", "--catalog", nginx.baseURL.absoluteString, "--root", root]).status
                == 0)
        let room = archive.bytes * 11 / 10
        disk.resize(disk.used + room)
        let run = try ToolRunner.run("client", ["install", "harbour", "--root", root])
        print("installing a \(archive.bytes)-byte archive with \(room) bytes free: exit \(run.status)")
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// The file's size and the bytes its blocks take on disk.
    static func size(_ url: URL) -> (logical: Int64, onDisk: Int64)? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_blocks) * 512)
    }
}
