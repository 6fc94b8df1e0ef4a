import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

/// `kill -9` of `client install` of an ~8 MiB pack (8 WAV files of 1 MiB, built by the real
/// `catalog publish`, served with a trickle so the download lasts ~1.5 s) at eleven moments; after
/// each, the next `client install` (or `client repair`) completes, the database passes
/// `PRAGMA integrity_check`, every installed file has its manifest hash, and `client packs --json`
/// says `downloaded`.
@Suite(
    "CrashTestsInstall: kill -9 of client install at 11 moments", .timeLimit(.minutes(5)), .serialized, .startsProcesses
)
struct CrashTestsInstall {
    enum Moment: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// SIGKILL as soon as the process is spawned (loading, opening the database).
        case immediately
        /// `.staging/<id>.lock` appeared: the install lock is held, `pack_state` about to say downloading.
        case lockTaken
        /// The partial archive download holds its first bytes.
        case firstBytes
        case download25, download50, download75
        /// At least 5 of the 8 files are extracted into `.staging/<id>/files/` (extraction overlaps the download).
        case extracting
        /// Every byte of the archive is on disk (hash check, last entry, move to AudioAssets ahead).
        case downloadComplete
        /// `AudioAssets/<id>/` appeared: the verified folder is renamed in, the final transaction runs.
        case commit
        /// `pack_state` says downloaded: the transaction committed; cleanup and the facet-index refresh run.
        case afterCommit
        /// Killed at 40 %, the resumed install killed again at 80 %, then `client repair` finishes.
        case killedTwice

        var testDescription: String { rawValue }

        /// Finished with `client repair` instead of `client install`.
        var recoversWithRepair: Bool { self == .commit || self == .killedTwice }
    }

    static let trickle = FaultyHTTPServer.Fault.trickle(bytes: 128 << 10, every: 0.02)

    @Test(arguments: Moment.allCases)
    func killAndRecover(_ moment: Moment) async throws {
        let catalog = try BigPackCatalog.shared()
        let pack = catalog.a
        let tmp = try TemporaryDirectory(prefix: "crash-install")
        let server = try FaultyHTTPServer(root: catalog.dist.path, faults: [pack.archivePath: Self.trickle])
        defer { server.stop() }
        let root = DataRoot(tmp.url.appendingPathComponent("root"))
        let catalogURL = server.baseURL.absoluteString

        let outcome = try await offPool { () -> (String, Double, [String]) in
            try root.succeed(["sync", "--catalog", catalogURL, "--json"])
            let started = Date()
            var observed: [String] = []
            switch moment {
            case .killedTwice:
                observed.append(try Self.killInstall(root, pack, at: .download50, fraction: 0.4))
                observed.append(try Self.killInstall(root, pack, at: .download50, fraction: 0.8))
            default:
                observed.append(try Self.killInstall(root, pack, at: moment))
            }
            // What a user sees between the crash and the retry; must not fail either.
            let between = try root.packs()[pack.slug]?["state"] as? String ?? "?"
            observed.append("packs says \(between)")
            let recovery = try root.run([moment.recoversWithRepair ? "repair" : "install", pack.slug, "--json"])
            guard recovery.status == 0 else {
                throw HardeningError("\(moment): recovery exited \(recovery.status): \(recovery.stderr)")
            }
            guard !recovery.stderr.contains("database is locked") else {
                throw HardeningError("\(moment): \(recovery.stderr)")
            }
            return (recovery.stdout, Date().timeIntervalSince(started), observed)
        }
        #expect(outcome.0.contains("\"downloaded\""))
        let integrity = try root.integrityCheck()
        let problems = try root.installProblems(pack)
        #expect(integrity == "ok")
        #expect(problems == [], "\(moment): \(outcome.2)")
        report(
            "install kill \(moment.rawValue): \(outcome.2.joined(separator: "; ")); recovered by "
                + "\(moment.recoversWithRepair ? "repair" : "install"); \(String(format: "%.2f", outcome.1)) s")
    }

    /// Starts `client install`, waits for `moment` (polling the staging folder every 2 ms), sends
    /// SIGKILL, and describes where the process was. A moment the install ran past before the
    /// poll saw it is reported as such (the kill then lands on an exited process).
    static func killInstall(
        _ root: DataRoot, _ pack: BigPackCatalog.Pack, at moment: Moment,
        fraction: Double? = nil
    ) throws -> String {
        let total = pack.archiveBytes
        let part = root.partial(pack)
        let files = root.stagedFiles(pack)
        let installed = root.installed(pack)
        let lock = root.lockFile(pack)
        func partBytes() -> Int64 { fileSize(part) ?? 0 }
        func atLeast(_ f: Double) -> () -> Bool { { Double(partBytes()) >= f * Double(total) } }
        let condition: () -> Bool
        switch moment {
        case .immediately: condition = { true }
        case .lockTaken: condition = { FileManager.default.fileExists(atPath: lock.path) }
        case .firstBytes: condition = { partBytes() > 0 }
        case .download25: condition = atLeast(fraction ?? 0.25)
        case .download50: condition = atLeast(fraction ?? 0.5)
        case .download75: condition = atLeast(fraction ?? 0.75)
        case .extracting: condition = { folderNames(files).count >= 5 }
        case .downloadComplete:
            condition = { partBytes() >= total || FileManager.default.fileExists(atPath: installed.path) }
        case .commit, .killedTwice: condition = { FileManager.default.fileExists(atPath: installed.path) }
        case .afterCommit:
            let database = root.database.path
            let id = pack.id
            condition = {
                guard FileManager.default.fileExists(atPath: installed.path),
                    let queue = try? DatabaseQueue(path: database)
                else { return false }
                defer { try? queue.close() }
                return
                    (try? queue.read {
                        try String.fetchOne($0, sql: "SELECT state FROM pack_state WHERE pack_id = ?", arguments: [id])
                    })
                    == "downloaded"
            }
        }
        let process = try root.start(["install", pack.slug, "--json"], name: "install-\(moment.rawValue)")
        defer { process.kill9() }
        let reached = poll(until: condition, while: process, seconds: 60)
        let at = process.elapsed
        let killed = process.kill9()
        let where_ =
            "part \(partBytes() * 100 / max(total, 1))%, \(folderNames(files).count) staged, "
            + "AudioAssets \(FileManager.default.fileExists(atPath: installed.path) ? "present" : "absent")"
        let label = fraction.map { "\(Int($0 * 100))%" } ?? moment.rawValue
        guard killed else {
            return
                "\(label): missed (install exited \(process.status) first after \(String(format: "%.2f", process.elapsed)) s; \(where_))"
        }
        return
            "\(label): killed at \(String(format: "%.3f", at)) s\(reached ? "" : " (moment not seen)") with \(where_)"
    }
}
