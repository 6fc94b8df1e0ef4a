import CatalogModel
import Foundation
import GRDB
import TestSupport

/// One client data root under test: runs `client` on it (in the background or to the end) and
/// checks what a crash or a race may have broken — SQLite integrity, installed files against the
/// published manifest, `client packs --json`, item counts, leftovers in `.staging/`.
final class DataRoot: @unchecked Sendable {
    let root: URL
    let logs: URL
    private let lock = NSLock()
    private var counter = 0

    init(_ root: URL) {
        self.root = root
        logs = root.deletingLastPathComponent().appendingPathComponent(root.lastPathComponent + "-logs")
    }

    var database: URL { root.appendingPathComponent("library.sqlite") }
    var staging: URL { root.appendingPathComponent(".staging") }
    func installed(_ pack: BigPackCatalog.Pack) -> URL { root.appendingPathComponent("AudioAssets/\(pack.id)") }
    func partial(_ pack: BigPackCatalog.Pack) -> URL {
        staging.appendingPathComponent("\(pack.id)/downloads/\(pack.archiveSHA256).part")
    }
    func stagedFiles(_ pack: BigPackCatalog.Pack) -> URL { staging.appendingPathComponent("\(pack.id)/files") }
    func lockFile(_ pack: BigPackCatalog.Pack) -> URL { staging.appendingPathComponent("\(pack.id).lock") }

    /// Starts `client <arguments> --root <root>` in the background.
    func start(_ arguments: [String], name: String? = nil) throws -> ChildProcess {
        let n = lock.withLock {
            counter += 1
            return counter
        }
        let label = "\(String(format: "%03d", n))-\(name ?? arguments.first ?? "client")"
        return try ChildProcess("client", arguments + ["--root", root.path], logs: logs, name: label)
    }

    /// Runs `client <arguments> --root <root>` to the end (killed and thrown after `seconds`).
    func run(_ arguments: [String], name: String? = nil, within seconds: Double = 120) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        try start(arguments, name: name).finish(within: seconds)
    }

    /// Like ``run(_:name:within:)`` but throws unless the exit status is 0; returns stdout.
    @discardableResult
    func succeed(_ arguments: [String], within seconds: Double = 120) throws -> String {
        let result = try run(arguments, within: seconds)
        guard result.status == 0 else {
            throw HardeningError("client \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result.stdout
    }

    // MARK: - Checks

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check`, through GRDB: "ok" when both are clean.
    /// Only call with no client running on the root.
    func integrityCheck() throws -> String {
        let queue = try DatabaseQueue(path: database.path)
        defer { try? queue.close() }
        return try queue.read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
            let foreignKeys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            return foreignKeys.isEmpty ? integrity : integrity + "; foreign_key_check: \(foreignKeys.count) violations"
        }
    }

    /// Rows of `local_asset` and `item_local_audio` for the pack.
    func rowCounts(_ pack: BigPackCatalog.Pack) throws -> (assets: Int, audio: Int) {
        let queue = try DatabaseQueue(path: database.path)
        defer { try? queue.close() }
        return try queue.read { db in
            let assets =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM local_asset WHERE pack_id = ?", arguments: [pack.id])
                ?? 0
            let audio =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM item_local_audio ila JOIN local_asset la ON la.id = ila.asset_id WHERE la.pack_id = ?
                        """, arguments: [pack.id]) ?? 0
            return (assets, audio)
        }
    }

    /// `client packs --json`, by slug.
    func packs() throws -> [String: [String: Any]] {
        let out = try succeed(["packs", "--json"])
        guard let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any],
            let list = object["packs"] as? [[String: Any]]
        else { throw HardeningError("client packs --json: \(out)") }
        var bySlug: [String: [String: Any]] = [:]
        for pack in list { if let slug = pack["slug"] as? String { bySlug[slug] = pack } }
        return bySlug
    }

    /// `total` of `client list --kind K --json --limit 1`.
    func listTotal(kind: String) throws -> Int {
        let out = try succeed(["list", "--kind", kind, "--json", "--limit", "1"])
        guard let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any],
            let total = object["total"] as? Int
        else { throw HardeningError("client list --kind \(kind): \(out)") }
        return total
    }

    /// `total` of `client facets --kind K --json`.
    func facetTotal(kind: String) throws -> Int {
        let out = try succeed(["facets", "--kind", kind, "--json"])
        guard let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any],
            let total = object["total"] as? Int
        else { throw HardeningError("client facets --kind \(kind): \(out)") }
        return total
    }

    /// Everything wrong with an installed pack: files in `AudioAssets/<packId>/` against the
    /// published manifest (names, sizes, SHA-256), its rows, `client packs --json`, and leftovers
    /// in `.staging/`. Empty when the pack is installed exactly.
    func installProblems(_ pack: BigPackCatalog.Pack) throws -> [String] {
        var problems: [String] = []
        let folder = installed(pack)
        let expected = Dictionary(uniqueKeysWithValues: pack.manifest.assets.map { ($0.fileName, $0) })
        let names = Set(folderNames(folder))
        if names != Set(expected.keys) {
            problems.append("AudioAssets/\(pack.id) holds \(names.sorted()), expected \(expected.keys.sorted())")
        }
        for (name, asset) in expected where names.contains(name) {
            let (sha, bytes) = try SHA256Digest.file(atPath: folder.appendingPathComponent(name).path)
            if sha != asset.sha256.lowercased() || bytes != asset.bytes {
                problems.append(
                    "\(name): \(bytes) bytes sha256 \(sha), manifest says \(asset.bytes) bytes sha256 \(asset.sha256)")
            }
        }
        let rows = try rowCounts(pack)
        if rows.assets != expected.count || rows.audio != expected.count {
            problems.append(
                "rows: \(rows.assets) local_asset, \(rows.audio) item_local_audio; expected \(expected.count) each")
        }
        let state = try packs()[pack.slug] ?? [:]
        if state["state"] as? String != "downloaded" || !(state["lastError"] is NSNull)
            || state["installedVersion"] as? Int != 1
        {
            problems.append("client packs --json: \(state)")
        }
        for leftover in [
            lockFile(pack), staging.appendingPathComponent(pack.id), staging.appendingPathComponent(pack.id + ".old"),
        ]
        where FileManager.default.fileExists(atPath: leftover.path) {
            problems.append("leftover \(leftover.path.replacingOccurrences(of: root.path + "/", with: ""))")
        }
        return problems
    }
}
