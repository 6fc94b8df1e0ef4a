import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

/// `client gc` against real installs: the partial download of a `client install` killed with
/// SIGKILL mid-download (served slowly from 127.0.0.1) is removed; the staging of an install that
/// is running is left alone, and that install still completes; installed files stay.
@Suite(.timeLimit(.minutes(5)), .serialized, .startsProcesses) struct GCInstallTests {
    static let trickle = FaultyHTTPServer.Fault.trickle(bytes: 128 << 10, every: 0.02)
    /// ~10 s for the 8 MiB archive: the install is surely still running while gc runs.
    static let slow = FaultyHTTPServer.Fault.trickle(bytes: 16 << 10, every: 0.02)

    func gc(_ root: DataRoot, _ extra: [String] = []) throws -> [String: Any] {
        let out = try root.succeed(["gc", "--json"] + extra)
        guard let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any] else {
            throw HardeningError("client gc printed \(out)")
        }
        return object
    }

    @Test func killedInstallLeftoversGoARunningInstallStays() async throws {
        let catalog = try BigPackCatalog.shared()
        let tmp = try TemporaryDirectory(prefix: "gc-install")
        let server = try FaultyHTTPServer(
            root: catalog.dist.path,
            faults: [
                catalog.a.archivePath: Self.trickle,
                catalog.b.archivePath: Self.slow,
            ])
        defer { server.stop() }
        let root = DataRoot(tmp.url.appendingPathComponent("root"))
        let url = server.baseURL.absoluteString
        let (a, b) = (catalog.a, catalog.b)

        let problems = try await offPool { () -> [String] in
            var problems: [String] = []
            func check(_ ok: Bool, _ what: String) { if !ok { problems.append(what) } }
            try root.succeed(["sync", "--catalog", url, "--json"])
            try root.succeed(["install", "dungeon-delve", "--json"])  // a small installed pack (referenced files)
            // Pack a: killed mid-download.
            let killed = try root.start(["install", a.slug, "--json"], name: "install-killed")
            let half = a.archiveBytes / 2
            check(
                poll(until: { (fileSize(root.partial(a)) ?? 0) >= half }, while: killed, seconds: 60),
                "poll(until: { (fileSize(root.partial(a)) ?? 0) >= half }, while: killed, seconds: 60)")
            check(killed.kill9(), "killed.kill9()")
            check(
                FileManager.default.fileExists(atPath: root.lockFile(a).path),
                "FileManager.default.fileExists(atPath: root.lockFile(a).path)")
            let partial = fileSize(root.partial(a)) ?? 0
            let installedBefore = try rootSnapshot(root.root).filter { $0.key.hasPrefix("AudioAssets/") }

            // Pack b: running while gc runs.
            let running = try root.start(["install", b.slug, "--json"], name: "install-running")
            defer { running.kill9() }
            check(
                poll(until: { (fileSize(root.partial(b)) ?? 0) > 0 }, while: running, seconds: 60),
                "poll(until: { (fileSize(root.partial(b)) ?? 0) > 0 }, while: running, seconds: 60)")

            let preview = try gc(root, ["--dry-run"])
            check(
                preview["dryRun"] as? Bool == true && (preview["files"] as? Int ?? 0) >= 2,
                "preview['dryRun'] as? Bool == true && (preview['files'] as? Int ?? 0) >= 2")
            check(
                FileManager.default.fileExists(atPath: root.partial(a).path),
                "FileManager.default.fileExists(atPath: root.partial(a).path)")
            let result = try gc(root)
            check(result["dryRun"] as? Bool == false, "result['dryRun'] as? Bool == false")
            check(
                (result["files"] as? Int ?? 0) >= 2 && (result["bytes"] as? Int ?? 0) >= Int(partial),
                "(result['files'] as? Int ?? 0) >= 2 && (result['bytes'] as? Int64 ?? 0) >= partial")
            check(
                !FileManager.default.fileExists(atPath: root.staging.appendingPathComponent(a.id).path),
                "!FileManager.default.fileExists(atPath: root.staging.appendingPathComponent(a.id).path)")
            check(
                !FileManager.default.fileExists(atPath: root.lockFile(a).path),
                "!FileManager.default.fileExists(atPath: root.lockFile(a).path)")
            check(
                FileManager.default.fileExists(atPath: root.lockFile(b).path),
                "FileManager.default.fileExists(atPath: root.lockFile(b).path)")
            check(
                FileManager.default.fileExists(atPath: root.partial(b).path) || !running.isRunning,
                "FileManager.default.fileExists(atPath: root.partial(b).path) || !running.isRunning")
            check(
                try rootSnapshot(root.root).filter { $0.key.hasPrefix("AudioAssets/") && !$0.key.contains(b.id) }
                    == installedBefore,
                "try rootSnapshot(root.root).filter { $0.key.hasPrefix('AudioAssets/') && !$0.key.contains(b.id) } == installedBefore"
            )

            let finished = try running.finish(within: 120)
            check(finished.status == 0, "the running install failed: \(finished.stderr)")
            problems += try root.installProblems(b)
            check(try root.integrityCheck() == "ok", "try root.integrityCheck() == 'ok'")
            // Pack a installs again from scratch.
            try root.succeed(["install", a.slug, "--json"])
            problems += try root.installProblems(a)
            return problems
        }
        #expect(problems == [])
    }
}
