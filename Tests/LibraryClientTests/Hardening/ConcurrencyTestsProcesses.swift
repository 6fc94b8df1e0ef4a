import CatalogModel
import Foundation
import GRDB
import SyntheticData
import TestSupport
import Testing

/// Several `client` processes on one data root at once: they all succeed, or one says clearly
/// that another process is installing the pack (and a retry succeeds); never "database is locked";
/// the root is sound afterwards (integrity_check, hashes, states, item counts).
@Suite(
    "ConcurrencyTestsProcesses: several client processes on one data root", .timeLimit(.minutes(30)), .serialized,
    .startsProcesses)
struct ConcurrencyTestsProcesses {
    static let trickle = FaultyHTTPServer.Fault.trickle(bytes: 128 << 10, every: 0.02)

    /// install A, install B and a sync that rewrites every synthetic title (one big write
    /// transaction), started together, with `packs` / `facets` / `list` readers running meanwhile.
    @Test func installTwoPacksWhileSyncing() async throws {
        let catalog = try BigPackCatalog.shared()
        let items = hardeningItems
        let tmp = try TemporaryDirectory(prefix: "concurrency-sync")
        let folder = tmp.url.appendingPathComponent("catalog")
        try catalog.withSyntheticItems(items, into: folder)
        let server = try FaultyHTTPServer(
            root: folder.path,
            faults: [
                catalog.a.archivePath: Self.trickle,
                catalog.b.archivePath: Self.trickle,
            ])
        defer { server.stop() }
        let root = DataRoot(tmp.url.appendingPathComponent("root"))
        let url = server.baseURL.absoluteString

        let (line, problems) = try await offPool { () -> (String, [String]) in
            try root.succeed(["sync", "--catalog", url, "--json"], within: hardeningSyncSeconds)
            let expected = try catalog.withSyntheticItems(items, into: folder, catalogVersion: 2, retitled: true)
            let started = Date()
            // The sync first; the installs as soon as its import transaction holds the write lock,
            // so their writes (state, progress, the final transaction) have to wait for it.
            let sync = try root.start(["sync", "--json"], name: "sync-v2")
            defer { sync.kill9() }
            let database = root.database.path
            // Held for 0.3 s on end: the import transaction, not the short write of opening the database.
            var lockedSince: Date?
            var lastProbe = Date.distantPast
            let sawLock = poll(
                until: {
                    guard Date().timeIntervalSince(lastProbe) >= 0.02 else { return false }
                    lastProbe = Date()
                    guard Self.writeLocked(database) else {
                        lockedSince = nil
                        return false
                    }
                    if lockedSince == nil { lockedSince = Date() }
                    return Date().timeIntervalSince(lockedSince!) >= 0.3
                }, while: sync, seconds: 300)
            let lockedAt = sync.elapsed
            let writers = [
                sync, try root.start(["install", catalog.a.slug, "--json"], name: "install-a"),
                try root.start(["install", catalog.b.slug, "--json"], name: "install-b"),
            ]
            defer { for process in writers { process.kill9() } }
            var readers: [ChildProcess] = []
            defer { for process in readers { process.kill9() } }
            let deadline = Date().addingTimeInterval(300)
            var round = 0
            while writers.contains(where: \.isRunning), Date() < deadline {
                round += 1
                let batch = [
                    try root.start(["packs", "--json"], name: "packs-\(round)"),
                    try root.start(["facets", "--kind", "sfx", "--json"], name: "facets-\(round)"),
                    try root.start(["list", "--kind", "sfx", "--json", "--limit", "5"], name: "list-\(round)"),
                ]
                for reader in batch { _ = reader.wait(seconds: 120) }
                readers += batch
            }
            var problems: [String] = []
            var outcomes: [String] = []
            for process in writers {
                let (status, _, stderr) = try process.finish(within: 300)
                outcomes.append("\(process.name) exit \(status) after \(String(format: "%.1f", process.elapsed)) s")
                if status != 0 { problems.append("\(process.name) exited \(status): \(stderr)") }
            }
            for process in writers + readers
            where process.stderr.contains("database is locked") || process.stderr.contains("SQLITE_BUSY") {
                problems.append("\(process.name): \(process.stderr)")
            }
            let failedReaders = readers.filter { $0.isRunning || $0.status != 0 }
            problems += failedReaders.map { "\($0.name) exited \($0.status): \($0.stderr)" }
            let seconds = Date().timeIntervalSince(started)
            problems += try Self.soundness(root, packs: [catalog.a, catalog.b], expected: expected)
            let when =
                sawLock
                ? "installs started when the sync's import transaction held the write lock, at \(String(format: "%.1f", lockedAt)) s"
                : "sync never seen holding the write lock"
            let line =
                "processes sync of \(items) retitled items + install A + install B (\(when)): \(outcomes.joined(separator: ", ")); "
                + "\(readers.count) reader processes meanwhile; \(String(format: "%.1f", seconds)) s"
            return (line, problems)
        }
        #expect(problems == [])
        report(line)
    }

    /// Two `client install A` at once, in several rounds (fresh root, after a crash left a stale
    /// lock, and on a stale lock with a third installer): each either installs, or fails at once
    /// saying another process is installing the pack; a retry then succeeds.
    @Test(arguments: [false, true])
    func samePackTwice(afterCrash: Bool) async throws {
        let catalog = try BigPackCatalog.shared()
        let tmp = try TemporaryDirectory(prefix: "concurrency-same")
        let server = try FaultyHTTPServer(root: catalog.dist.path, faults: [catalog.a.archivePath: Self.trickle])
        defer { server.stop() }
        let root = DataRoot(tmp.url.appendingPathComponent("root"))
        let url = server.baseURL.absoluteString
        let pack = catalog.a

        let (line, problems) = try await offPool { () -> (String, [String]) in
            try root.succeed(["sync", "--catalog", url, "--json"])
            if afterCrash {
                // A crashed installer: partial download and lock file of a dead process left behind.
                _ = try CrashTestsInstall.killInstall(root, pack, at: .download25)
            }
            let racers = [
                try root.start(["install", pack.slug, "--json"], name: "install-1"),
                try root.start(["install", pack.slug, "--json"], name: "install-2"),
                try root.start(["install", pack.id, "--json"], name: "install-3"),
            ]
            defer { for process in racers { process.kill9() } }
            var problems: [String] = []
            var outcomes: [String] = []
            var refused = 0
            for process in racers {
                let (status, _, stderr) = try process.finish(within: 120)
                if status == 0 {
                    outcomes.append("\(process.name) installed")
                } else if stderr.contains("another process") && stderr.contains("is installing it right now") {
                    refused += 1
                    outcomes.append("\(process.name) refused as busy (exit \(status))")
                } else {
                    problems.append("\(process.name) exited \(status) without a busy message: \(stderr)")
                }
                if stderr.contains("database is locked") { problems.append("\(process.name): \(stderr)") }
            }
            if refused == racers.count { problems.append("every installer was refused: nobody held the lock") }
            let retry = try root.run(["install", pack.slug, "--json"])
            if retry.status != 0 { problems.append("retry exited \(retry.status): \(retry.stderr)") }
            problems += try Self.soundness(root, packs: [pack], expected: nil)
            return (
                "processes 3× install \(pack.slug) at once\(afterCrash ? " on a crashed install's stale lock" : ""): "
                    + outcomes.joined(separator: ", ") + "; retry ok", problems
            )
        }
        #expect(problems == [])
        report(line)
    }

    /// Whether another connection holds the write lock (a `BEGIN IMMEDIATE` fails at once).
    static func writeLocked(_ path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        var config = Configuration()
        config.busyMode = .immediateError
        guard let queue = try? DatabaseQueue(path: path, configuration: config) else { return false }
        defer { try? queue.close() }
        do {
            try queue.inTransaction(.immediate) { _ in .rollback }
            return false
        } catch let error as DatabaseError {
            return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        } catch {
            return false
        }
    }

    /// integrity_check, each pack installed exactly, and (when given) list totals per kind.
    static func soundness(_ root: DataRoot, packs: [BigPackCatalog.Pack], expected: SyntheticSeed.Counts?) throws
        -> [String]
    {
        var problems: [String] = []
        let integrity = try root.integrityCheck()
        if integrity != "ok" { problems.append("integrity_check: \(integrity)") }
        for pack in packs { problems += try root.installProblems(pack).map { "\(pack.slug): \($0)" } }
        if let expected {
            let totals = [
                try root.listTotal(kind: "music"), try root.listTotal(kind: "atmosphere"),
                try root.listTotal(kind: "sfx"),
            ]
            if totals != [expected.music, expected.atmosphere, expected.sfx] {
                problems.append(
                    "list totals \(totals), expected \([expected.music, expected.atmosphere, expected.sfx])")
            }
        }
        return problems
    }
}
