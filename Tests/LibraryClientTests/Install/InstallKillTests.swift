import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// `client install` killed with SIGKILL part-way through an update: the installed version stays
/// playable (rows and files agree), and the next run resumes and completes.
@Suite("Updates killed part-way", .serialized, .timeLimit(.minutes(3)), .startsProcesses)
struct InstallKillTests {
    let v1 = GeneratedCatalog.Pack(slug: "tides", contents: Array(1...20), bytesPerFile: 200_000)

    /// v1 installed by the CLI, then v2 (`contents`) published and synced.
    /// Returns a second nginx over the same folder, throttled so a download can be interrupted
    /// (the installs that get killed read the catalog from it with `--catalog`).
    private func prepare(_ v2Contents: [Int], rate: String = "40k") throws -> (
        TemporaryDirectory, GeneratedCatalog, NginxServer, String
    ) {
        let tmp = try TemporaryDirectory(prefix: "kill")
        let catalog = try GeneratedCatalog(in: tmp)
        try catalog.write([v1])
        try catalog.publish()
        let nginx = try NginxServer(root: catalog.dist.path)
        defer { nginx.stop() }
        let root = tmp.path("root")
        try client(["sync", "--catalog", nginx.baseURL.absoluteString], root: root)
        try client(["install", "tides"], root: root)
        var v2 = v1
        v2.version = 2
        v2.contents = v2Contents
        try catalog.write([v2])
        try catalog.publish()
        try client(["sync"], root: root)
        return (tmp, catalog, try NginxServer(root: catalog.dist.path, rateLimit: rate), root)
    }

    @discardableResult
    private func client(_ arguments: [String], root: String) throws -> ToolRunner.Result {
        let result = try ToolRunner.run("client", arguments + ["--root", root])
        guard result.status == 0 else { throw FixtureError("client \(arguments): \(result.stderr)") }
        return result
    }

    /// Starts `client install tides`, waits until a partial download under staging holds bytes,
    /// then kills the process with SIGKILL.
    private func killMidDownload(root: String, catalog: URL) throws {
        let process = Process()
        process.executableURL = ToolRunner.productsDirectory.appendingPathComponent("client")
        process.arguments = ["install", "tides", "--root", root, "--catalog", catalog.absoluteString, "--json"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let downloads = URL(fileURLWithPath: root).appendingPathComponent(".staging/\(v1.id)/downloads")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let sizes = ((try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []).compactMap {
                (try? FileManager.default.attributesOfItem(atPath: downloads.appendingPathComponent($0).path))?[.size]
                    as? NSNumber
            }
            if sizes.contains(where: { $0.int64Value > 20_000 }) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(
            process.isRunning,
            "the install ended before it could be killed: \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))"
        )
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Rows of the pack whose file is missing or does not hash to the row's SHA-256, and the
    /// installed version.
    private func installed(root: String) async throws -> (version: Int?, broken: [String]) {
        let library = try Library(root: URL(fileURLWithPath: root))
        let (version, rows) = try await library.database.writer.read { db in
            (
                try Int.fetchOne(
                    db, sql: "SELECT installed_version FROM pack_state WHERE pack_id = ?", arguments: [v1.id]),
                try Row.fetchAll(
                    db, sql: "SELECT local_path, sha256 FROM local_asset WHERE pack_id = ?", arguments: [v1.id])
            )
        }
        #expect(rows.count == 20)
        let broken = rows.filter { row in
            let path = URL(fileURLWithPath: root).appendingPathComponent(row[0] as String).path
            return (try? SHA256Digest.file(atPath: path).sha256) != (row[1] as String)
        }.map { $0[0] as String }
        return (version, broken)
    }

    @Test("killed while fetching changed files (2 of 20): v1 stays playable; the next run resumes with Range")
    func killedDuringFileFetch() async throws {
        let (tmp, catalog, nginx, root) = try prepare(Array(1...18) + [501, 502])
        defer { nginx.stop() }
        _ = tmp
        try killMidDownload(root: root, catalog: nginx.baseURL)
        let after = try await installed(root: root)
        #expect(after.version == 1 && after.broken.isEmpty, "\(nginx.accessLog())")

        let before = nginx.accessLog().count
        try client(["install", "tides", "--catalog", nginx.baseURL.absoluteString], root: root)
        let log = nginx.accessLog().dropFirst(before)
        #expect(log.contains { $0.path.contains("/2/assets/") && $0.range != nil }, "\(Array(log))")
        #expect(!log.contains { $0.path.hasSuffix("pack.tar") })
        let done = try await installed(root: root)
        #expect(done.version == 2 && done.broken.isEmpty)
        let manifest = try catalog.manifest(GeneratedCatalog.Pack(slug: "tides", version: 2, contents: []))
        #expect(manifest.assets.count == 20)
    }

    @Test("killed while fetching the archive (18 of 20 changed): v1 stays playable; the next run completes")
    func killedDuringArchiveFetch() async throws {
        let (tmp, _, nginx, root) = try prepare([1, 2] + Array(601...618), rate: "400k")
        defer { nginx.stop() }
        _ = tmp
        try killMidDownload(root: root, catalog: nginx.baseURL)
        let after = try await installed(root: root)
        #expect(after.version == 1 && after.broken.isEmpty)

        let before = nginx.accessLog().count
        try client(["install", "tides", "--catalog", nginx.baseURL.absoluteString], root: root)
        let log = nginx.accessLog().dropFirst(before)
        #expect(log.filter { $0.path.hasSuffix("/2/pack.tar") }.allSatisfy { $0.range != nil })
        #expect(!log.contains { $0.path.contains("/assets/") })
        let done = try await installed(root: root)
        #expect(done.version == 2 && done.broken.isEmpty)
    }

    @Test("killed between moving v1 aside and committing v2: the next run puts v1 back, then installs v2")
    func killedDuringSwap() async throws {
        let (tmp, _, nginx, root) = try prepare(Array(1...18) + [701, 702])
        defer { nginx.stop() }
        _ = tmp
        // What SIGKILL leaves right after the first rename of the swap: the commit record, v1's
        // folder moved aside, nothing in place yet.
        let base = URL(fileURLWithPath: root)
        let staging = base.appendingPathComponent(".staging")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try Data("2\n".utf8).write(to: staging.appendingPathComponent("\(v1.id).commit"))
        try FileManager.default.moveItem(
            at: base.appendingPathComponent("AudioAssets/\(v1.id)"),
            to: staging.appendingPathComponent("\(v1.id).old"))

        // gc finishes or undoes the swap before it may delete `.old`: v1 is back, playable.
        try client(["gc"], root: root)
        let restored = try await installed(root: root)
        #expect(restored.version == 1 && restored.broken.isEmpty)

        try client(["install", "tides", "--catalog", nginx.baseURL.absoluteString], root: root)
        let done = try await installed(root: root)
        #expect(done.version == 2 && done.broken.isEmpty)
    }
}
