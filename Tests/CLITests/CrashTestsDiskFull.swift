import Foundation
import TestSupport
import Testing

/// The disk-full matrix: every operation that writes the data root (a first sync of each catalog
/// layout, a delta sync, an install, an update, a repair) run with its data root on a tmpfs holding
/// only a fraction of the space the operation takes. Whatever the fraction: the operation succeeds
/// or says "the disk is full" in words, leaves the database sound and no pack `downloading`, and
/// succeeds once the space is freed. `scripts/crash-tests` runs every tenth from 10 % to 100 %;
/// the normal suite 25 % and 75 %. Root only (the tmpfs is mounted).
@Suite(
    "Disk-full matrix", .serialized, .startsProcesses, .timeLimit(.minutes(10)),
    .enabled(if: SmallDisk.isAvailable, "needs root to mount a tmpfs"))
struct CrashTestsDiskFull {
    static let dungeon = "a731dff3-4c29-42a8-b2ee-35179ce591f7"
    static let fractions: [Double] =
        ProcessInfo.processInfo.environment["SOUNDSHELF_SLOW_TESTS"] == "1"
        ? (1...10).map { Double($0) / 10 } : [0.25, 0.75]

    /// Prepared data roots to copy onto the small disk, and the catalogs they read.
    struct World {
        let tmp: TemporaryDirectory
        /// Schema 2 at version 2 (dungeon-delve retitled, version raised); `v1Root` was synced at version 1.
        let dist: String
        /// Schema 1 (one seed), for the decoded first sync.
        let dist1: String
        /// Synced at version 1 of `dist`, dungeon-delve installed at its version 1.
        let v1Root: String
        /// Synced at version 2 of `dist`, nothing installed.
        let v2Root: String
        /// Synced at version 2, dungeon-delve installed at version 2, one of its files removed.
        let brokenRoot: String
        /// Synced at version 2 with dungeon-delve installed at version 1 (an update pending).
        let stale: String
    }

    static func client(_ arguments: [String], root: String) throws -> ToolRunner.Result {
        try ToolRunner.run("client", arguments + ["--root", root])
    }

    static func makeWorld() throws -> World {
        let tmp = try TemporaryDirectory(prefix: "disk-matrix")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let dist = tmp.path("dist")
        let dist1 = tmp.path("dist1")
        func must(_ result: ToolRunner.Result) throws {
            guard result.status == 0 else { throw FixtureFailure(result.stderr) }
        }
        try must(try ToolRunner.run("catalog", ["publish", dist, "--source", source]))
        try must(try ToolRunner.run("catalog", ["publish", dist1, "--source", source, "--schema-version", "1"]))
        let v1Root = tmp.path("v1")
        let stale = tmp.path("stale")
        try must(try client(["sync", "--catalog", dist], root: v1Root))
        try must(try client(["install", "dungeon-delve"], root: v1Root))
        let pack = source + "/packs/dungeon-delve/pack.yaml"
        try DemoCatalog.edit(pack, replacing: "version: 1", with: "version: 2")
        try DemoCatalog.edit(pack, replacing: "title: \"", with: "title: \"Deeper ")
        try must(try ToolRunner.run("catalog", ["publish", dist, "--source", source]))
        try FileManager.default.copyItem(atPath: v1Root, toPath: stale)
        try must(try client(["sync"], root: stale))
        let v2Root = tmp.path("v2")
        let brokenRoot = tmp.path("broken")
        try must(try client(["sync", "--catalog", dist], root: v2Root))
        try FileManager.default.copyItem(atPath: v2Root, toPath: brokenRoot)
        try must(try client(["install", "dungeon-delve"], root: brokenRoot))
        let assets = brokenRoot + "/AudioAssets/" + dungeon
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: assets).sorted().first)
        try FileManager.default.removeItem(atPath: assets + "/" + first)
        return World(
            tmp: tmp, dist: dist, dist1: dist1, v1Root: v1Root, v2Root: v2Root, brokenRoot: brokenRoot, stale: stale)
    }

    /// One operation: the root it starts from (nil: none) and its arguments.
    struct Operation {
        var name: String
        var start: String?
        var arguments: [String]
    }

    static func operations(_ world: World) -> [Operation] {
        [
            Operation(name: "first sync, shards", start: nil, arguments: ["sync", "--catalog", world.dist]),
            Operation(name: "first sync, one seed", start: nil, arguments: ["sync", "--catalog", world.dist1]),
            Operation(name: "delta sync", start: world.v1Root, arguments: ["sync"]),
            Operation(name: "install", start: world.v2Root, arguments: ["install", "dungeon-delve"]),
            Operation(name: "update", start: world.stale, arguments: ["install", "dungeon-delve"]),
            Operation(name: "repair", start: world.brokenRoot, arguments: ["repair", "dungeon-delve"]),
        ]
    }

    @Test("each write operation at each fraction of the space it takes: done or said plainly, sound, recovered")
    func matrix() throws {
        let world = try Self.makeWorld()
        for operation in Self.operations(world) {
            // The space the operation takes at its peak, sampled on a roomy disk while it runs.
            let roomy = try #require(try SmallDisk(bytes: 64 << 20))
            let before = try Self.place(operation, on: roomy)
            let peak = PeakSampler(roomy)
            let run = try Self.client(operation.arguments, root: roomy.path("root"))
            let highest = peak.stop()
            try #require(run.status == 0, "\(operation.name) on a roomy disk: \(run.stderr)")
            let needed = max(highest - before, 4096)
            roomy.unmount()
            for fraction in Self.fractions {
                try Self.check(operation, fraction: fraction, needed: needed)
            }
        }
    }

    static func place(_ operation: Operation, on disk: SmallDisk) throws -> Int64 {
        if let start = operation.start { try FileManager.default.copyItem(atPath: start, toPath: disk.path("root")) }
        return disk.used
    }

    static func check(_ operation: Operation, fraction: Double, needed: Int64) throws {
        let disk = try #require(try SmallDisk(bytes: 64 << 20))
        defer { disk.unmount() }
        let root = disk.path("root")
        let before = try place(operation, on: disk)
        disk.resize(before + Int64(Double(needed) * fraction))
        let what = "\(operation.name) at \(Int(fraction * 100)) % of \(needed) bytes"
        let run = try client(operation.arguments, root: root)
        print("\(what): \(run.status == 0 ? "done" : run.stderr.split(separator: "\n").first.map(String.init) ?? "")")
        if run.status != 0 {
            #expect(run.stderr.contains("the disk is full at "), "\(what): \(run.stderr)")
            for pattern in [#"\b[A-Z][A-Za-z]*(Error|Failure|Domain)\b"#, #"\berror \d+\b"#, #"Code=\d+"#, "errno"] {
                #expect(run.stderr.range(of: pattern, options: .regularExpression) == nil, "\(what): \(run.stderr)")
            }
        }
        disk.resize(64 << 20)
        try sound(root, what)
        let again = try client(operation.arguments, root: root)
        #expect(again.status == 0, "\(what), then with room: \(again.stderr)")
        try sound(root, what + ", recovered")
    }

    /// The database passes SQLite's check and no pack is left downloading.
    static func sound(_ root: String, _ what: String) throws {
        guard FileManager.default.fileExists(atPath: root + "/library.sqlite") else { return }
        let check = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), [root + "/library.sqlite", "PRAGMA integrity_check"])
        #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "\(what): \(check.stdout)")
        let packs = try client(["packs", "--json"], root: root)
        guard packs.status == 0 else { return }  // never synced: nothing to list
        let listed = (try JSONSerialization.jsonObject(with: packs.stdoutData) as? [String: Any])?["packs"]
        for pack in listed as? [[String: Any]] ?? [] {
            #expect(pack["state"] as? String != "downloading", "\(what): \(pack)")
        }
    }
}

/// The most a disk held while an operation ran, sampled every millisecond on a thread of its own.
final class PeakSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var peak: Int64
    private let done = DispatchSemaphore(value: 0)

    init(_ disk: SmallDisk) {
        peak = disk.used
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let used = disk.used
                lock.withLock { peak = max(peak, used) }
                usleep(1000)
            }
            done.signal()
        }
    }

    func stop() -> Int64 {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { peak }
    }
}

struct FixtureFailure: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}
