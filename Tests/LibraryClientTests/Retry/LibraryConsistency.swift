import CatalogFormat
import Foundation
import GRDB

@testable import LibraryClient

/// What a data root holds after an install or sync that may have failed, checked against the
/// published manifests: the database passes `PRAGMA integrity_check` and `foreign_key_check`;
/// every `local_asset` row with a path points to a file whose SHA-256 is the manifest's; no file
/// under `AudioAssets/<pack>/` is unknown to the database; and `pack_state` agrees with the rows
/// (downloaded ⇒ every asset claimed and present; not installed ⇒ nothing claimed).
///
/// ```swift
/// let findings = try await LibraryConsistency(library: library, root: root, manifests: manifests).check()
/// #expect(findings.isClean, "\(findings)")
/// ```
struct LibraryConsistency {
    /// What is wrong, sorted by how bad it is.
    struct Findings: CustomStringConvertible {
        /// The database itself is damaged.
        var database: [String] = []
        /// A claimed file that is missing or whose bytes are not the manifest's.
        var corrupt: [String] = []
        /// Rows and state that disagree: a pack claimed in part, or claimed but not downloaded.
        var halfClaimed: [String] = []
        /// Files under `AudioAssets/` that the database does not know.
        var unknownFiles: [String] = []

        var isClean: Bool { database.isEmpty && corrupt.isEmpty && halfClaimed.isEmpty && unknownFiles.isEmpty }

        var description: String {
            isClean
                ? "clean"
                : [
                    ("database", database), ("corrupt", corrupt), ("half-claimed", halfClaimed),
                    ("unknown", unknownFiles),
                ]
                .filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1.joined(separator: "; "))" }
                .joined(separator: " | ")
        }
    }

    let library: Library
    let root: URL
    /// The published manifest of each pack, by pack id.
    let manifests: [String: Manifest]

    func check() async throws -> Findings {
        var findings = Findings()
        let snapshot = try await library.database.writer.read { db in try Snapshot(db) }
        if snapshot.integrity != ["ok"] {
            findings.database.append("integrity_check: \(snapshot.integrity.joined(separator: ", "))")
        }
        if snapshot.foreignKeyViolations > 0 {
            findings.database.append("foreign_key_check: \(snapshot.foreignKeyViolations) violations")
        }
        let claimed = snapshot.assets.filter { $0.localPath != nil }
        for row in claimed { findings.corrupt += problems(of: row) }
        findings.unknownFiles = unknownFiles(claimed: Set(claimed.compactMap(\.localPath)))
        for state in snapshot.states {
            findings.halfClaimed += disagreements(
                state, rows: claimed.filter { $0.packId == state.packId },
                audioRows: snapshot.audioRows[state.packId, default: 0])
        }
        return findings
    }

    /// The rows the checks read, in one transaction.
    private struct Snapshot {
        var integrity: [String]
        var foreignKeyViolations: Int
        var assets: [LocalAssetRecord]
        var states: [PackStateRecord]
        /// `item_local_audio` rows by pack.
        var audioRows: [String: Int]

        init(_ db: Database) throws {
            integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            foreignKeyViolations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count
            assets = try LocalAssetRecord.fetchAll(db)
            states = try PackStateRecord.fetchAll(db)
            let counts = try Row.fetchAll(
                db,
                sql: """
                    SELECT pi.pack_id AS pack, COUNT(*) AS n FROM item_local_audio ila
                    JOIN pack_item pi ON pi.item_id = ila.item_id GROUP BY pi.pack_id
                    """)
            audioRows = Dictionary(counts.map { ($0["pack"] as String, $0["n"] as Int) }, uniquingKeysWith: +)
        }
    }

    /// A claimed file that is missing, or whose size or SHA-256 differs from its row or the manifest.
    private func problems(of row: LocalAssetRecord) -> [String] {
        guard let path = row.localPath else { return [] }
        let expected = manifests[row.packId]?.assets.first { $0.assetId == row.id }
        guard let (sha, bytes) = try? SHA256Digest.file(atPath: root.appendingPathComponent(path).path) else {
            return ["\(path): claimed by local_asset \(row.id) but missing"]
        }
        var wrong: [String] = []
        if sha != row.sha256?.lowercased() {
            wrong.append("\(path): sha256 \(sha), its row says \(row.sha256 ?? "nil")")
        }
        if let expected, sha != expected.sha256.lowercased() || bytes != expected.bytes {
            wrong.append(
                "\(path): \(bytes) bytes sha256 \(sha), the manifest says \(expected.bytes) bytes \(expected.sha256)")
        }
        if expected == nil { wrong.append("\(path): asset \(row.id) is in no published manifest of \(row.packId)") }
        return wrong
    }

    /// Files under `AudioAssets/` no row claims.
    private func unknownFiles(claimed: Set<String>) -> [String] {
        let base = root.appendingPathComponent("AudioAssets")
        let names = FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
        return names.filter { name in
            var folder: ObjCBool = false
            FileManager.default.fileExists(atPath: base.appendingPathComponent(name).path, isDirectory: &folder)
            return !folder.boolValue && !claimed.contains("AudioAssets/\(name)")
        }.sorted()
    }

    /// Where `pack_state` and the pack's rows disagree.
    private func disagreements(_ state: PackStateRecord, rows: [LocalAssetRecord], audioRows: Int) -> [String] {
        let id = state.packId
        let assets = manifests[id]?.assets ?? []
        // One item_local_audio row per item; an item with several takes has several assets.
        let items = Set(assets.map(\.itemId)).count
        let installedFolder = root.appendingPathComponent("AudioAssets/\(id)").path
        let folderFiles = (try? FileManager.default.contentsOfDirectory(atPath: installedFolder))?.count ?? 0
        switch (state.state, state.installedVersion) {
        case ("downloaded", _):
            var wrong: [String] = []
            if Set(rows.map(\.id)) != Set(assets.map(\.assetId)) || audioRows != items {
                wrong.append(
                    "\(id): downloaded with \(rows.count) of \(assets.count) assets, \(audioRows) of \(items) audio rows"
                )
            }
            if state.installedVersion == nil || state.lastError != nil {
                wrong.append("\(id): downloaded, installed_version \(state.installedVersion.map(String.init) ?? "nil")")
            }
            return wrong
        case (_, nil):
            return rows.isEmpty && audioRows == 0 && folderFiles == 0
                ? []
                : [
                    "\(id): \(state.state) and not installed, yet \(rows.count) assets, \(audioRows) audio rows, \(folderFiles) files"
                ]
        default:
            // A failed upgrade keeps the installed version whole.
            return rows.count == assets.count && audioRows == items
                ? [] : ["\(id): \(state.state) over version \(state.installedVersion!), with \(rows.count) assets"]
        }
    }
}
