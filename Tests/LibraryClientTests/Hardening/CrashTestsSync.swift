import CatalogModel
import CatalogPublisher
import Foundation
import GRDB
import SyntheticData
import TestSupport
import Testing

/// `kill -9` of `client sync` of a big synthetic catalog at seven moments (five during the first
/// import, one during an update to a second catalog version, one while a schema-2 delta to that
/// version is applied); after each, the next `client sync`
/// completes, `PRAGMA integrity_check` is ok, and list and facet totals per kind are right.
/// 20,000 items in the normal suite; 100,000 with `SOUNDSHELF_SLOW_TESTS=1` (`scripts/crash-tests`).
@Suite(
    "CrashTestsSync: kill -9 of client sync of a big catalog", .timeLimit(.minutes(30)), .serialized, .startsProcesses)
struct CrashTestsSync {
    enum Moment: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// SIGKILL as soon as the process is spawned.
        case immediately
        /// At 25 %, 50 %, 75 % of an uninterrupted first sync's duration (reading and validating
        /// the seed, then the one import transaction and its commit).
        case at25, at50, at75
        /// The import is visible to a reader (committed): the facet index is being rebuilt and saved.
        case committed
        /// An update sync (catalogVersion 2: one pack gone, every 10th title changed) killed halfway.
        case update50
        /// The same change as a schema-2 delta, applied over version 1 synced from a copy, killed halfway.
        case delta50

        var testDescription: String { rawValue }
    }

    /// The published catalogs and the timing of an uninterrupted sync, made once per process.
    final class World: Sendable {
        let tmp: TemporaryDirectory
        let v1: URL, v2: URL
        /// Schema 2: version 1 alone (a bundled copy), and versions 1 and 2 with the delta between.
        let sharded1: URL, sharded: URL
        let counts1: SyntheticSeed.Counts, counts2: SyntheticSeed.Counts
        /// Seconds of an uninterrupted first sync, of the update sync and of the delta sync.
        let importSeconds: Double, updateSeconds: Double, deltaSeconds: Double
        let items: Int

        private static let cached = Result<World, any Error> { try World() }
        static func shared() throws -> World { try cached.get() }

        private init() throws {
            items = hardeningItems
            tmp = try TemporaryDirectory(prefix: "crash-sync")
            ExitCleanup.remove(atExit: tmp.url)
            v1 = tmp.url.appendingPathComponent("v1")
            v2 = tmp.url.appendingPathComponent("v2")
            let seed = SyntheticSeed.hardening(items: items).seed()
            try FixtureCatalog(folder: v1).publish(seed: seed)
            var next = seed
            next.catalogVersion = 2
            next.packs.removeFirst()
            for p in next.packs.indices {
                for i in next.packs[p].items.indices where i % 10 == 0 {
                    next.packs[p].items[i].title += " (remastered)"
                }
            }
            try FixtureCatalog(folder: v2).publish(seed: next)
            sharded1 = tmp.url.appendingPathComponent("sharded-v1")
            sharded = tmp.url.appendingPathComponent("sharded")
            try CatalogPublisher.publishSharded(seed, to: sharded1)
            try FileManager.default.copyItem(at: sharded1, to: sharded)
            try CatalogPublisher.publishSharded(next, to: sharded)
            counts1 = SyntheticSeed.Counts(seed)
            counts2 = SyntheticSeed.Counts(next)
            let root = DataRoot(tmp.url.appendingPathComponent("calibration"))
            var started = Date()
            try root.succeed(["sync", "--catalog", v1.path, "--json"], within: hardeningSyncSeconds)
            importSeconds = Date().timeIntervalSince(started)
            started = Date()
            try root.succeed(["sync", "--catalog", v2.path, "--json"], within: hardeningSyncSeconds)
            updateSeconds = Date().timeIntervalSince(started)
            let deltaRoot = DataRoot(tmp.url.appendingPathComponent("calibration-delta"))
            try deltaRoot.succeed(["sync", "--catalog", sharded1.path, "--json"], within: hardeningSyncSeconds)
            started = Date()
            try deltaRoot.succeed(["sync", "--catalog", sharded.path, "--json"], within: hardeningSyncSeconds)
            deltaSeconds = Date().timeIntervalSince(started)
        }
    }

    @Test(arguments: Moment.allCases)
    func killAndRecover(_ moment: Moment) async throws {
        let (line, problems) = try await offPool { () -> (String, [String]) in
            let world = try World.shared()
            let tmp = try TemporaryDirectory(prefix: "crash-sync-root")
            let root = DataRoot(tmp.url.appendingPathComponent("root"))
            let catalog = moment == .update50 ? world.v2 : moment == .delta50 ? world.sharded : world.v1
            let expected = moment == .update50 || moment == .delta50 ? world.counts2 : world.counts1
            if moment == .update50 {
                try root.succeed(["sync", "--catalog", world.v1.path, "--json"], within: hardeningSyncSeconds)
            }
            if moment == .delta50 {
                try root.succeed(["sync", "--catalog", world.sharded1.path, "--json"], within: hardeningSyncSeconds)
            }

            let process = try root.start(
                ["sync", "--catalog", catalog.path, "--json"], name: "sync-\(moment.rawValue)")
            defer { process.kill9() }
            let database = root.database.path
            let seconds: Double
            switch moment {
            case .immediately: seconds = 0
            case .at25: seconds = 0.25 * world.importSeconds
            case .at50: seconds = 0.5 * world.importSeconds
            case .at75: seconds = 0.75 * world.importSeconds
            case .update50: seconds = 0.5 * world.updateSeconds
            case .delta50: seconds = 0.5 * world.deltaSeconds
            case .committed: seconds = 0
            }
            if moment == .committed {
                _ = poll(until: { Self.isImported(database) }, while: process, seconds: 300)
            } else if seconds > 0 {
                _ = poll(until: { process.elapsed >= seconds }, while: process, seconds: seconds + 1)
            }
            let at = process.elapsed
            let killed = process.kill9()
            let after =
                !FileManager.default.fileExists(atPath: database)
                ? "no database yet"
                : FileManager.default.fileExists(atPath: database + "-journal")
                    ? "database present with a rollback journal" : "database present"

            let started = Date()
            let recovery = try root.run(["sync", "--catalog", catalog.path, "--json"], within: hardeningSyncSeconds)
            let recoverySeconds = Date().timeIntervalSince(started)
            var problems: [String] = []
            if recovery.status != 0 { problems.append("recovery sync exited \(recovery.status): \(recovery.stderr)") }
            if recovery.stderr.contains("database is locked") { problems.append(recovery.stderr) }
            let integrity = try root.integrityCheck()
            if integrity != "ok" { problems.append("integrity_check: \(integrity)") }
            let totals = (
                music: try root.listTotal(kind: "music"), atmosphere: try root.listTotal(kind: "atmosphere"),
                sfx: try root.listTotal(kind: "sfx")
            )
            let demoless = (music: expected.music, atmosphere: expected.atmosphere, sfx: expected.sfx)
            if totals != demoless { problems.append("list totals \(totals), expected \(demoless)") }
            let facets = (atmosphere: try root.facetTotal(kind: "atmosphere"), sfx: try root.facetTotal(kind: "sfx"))
            if facets != (expected.atmosphere, expected.sfx) { problems.append("facet totals \(facets)") }
            let object = (try? JSONSerialization.jsonObject(with: Data(recovery.stdout.utf8))) as? [String: Any] ?? [:]
            let json = object.compactMapValues { $0 as? Int }
            let landed =
                (json["inserted"] ?? 0) + (json["updated"] ?? 0) + (json["hidden"] ?? 0) > 0
                ? "before the commit (recovery sync wrote \(json["inserted"] ?? 0) inserted, \(json["updated"] ?? 0) updated, \(json["hidden"] ?? 0) hidden)"
                : "after the commit (recovery sync had nothing to write)"
            let kill = killed ? "killed at \(String(format: "%.2f", at)) s" : "missed (sync exited first)"
            let line =
                "sync kill \(moment.rawValue) (\(world.items) items; full import \(String(format: "%.1f", world.importSeconds)) s, "
                + "update \(String(format: "%.1f", world.updateSeconds)) s, delta \(String(format: "%.1f", world.deltaSeconds)) s): \(kill), \(after), landed \(landed); "
                + "recovery \(String(format: "%.1f", recoverySeconds)) s"
            return (line, problems)
        }
        #expect(problems == [])
        report(line)
    }

    /// Whether the seed import is committed (`catalog_state.seed_sha256` set), read the way
    /// another process would.
    static func isImported(_ path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path), let queue = try? DatabaseQueue(path: path) else {
            return false
        }
        defer { try? queue.close() }
        return
            ((try? queue.read { try String.fetchOne($0, sql: "SELECT seed_sha256 FROM catalog_state WHERE id = 1") })
            ?? nil) != nil
    }
}
