import Foundation
import GRDB

/// Removes an installed pack: moves `AudioAssets/<packId>/` aside, then one transaction deletes its
/// `local_asset` / `item_local_audio` rows and sets `not_downloaded` (installed_version NULL);
/// the items stay listed. Partial downloads in staging are dropped too.
struct PackUninstaller: Sendable {
    let paths: LibraryPaths
    let database: AppDatabase
    let policy: DownloadPolicy

    func run(_ pack: PackWithState) async throws -> PackInstallResult {
        let staging = StagingArea(paths: paths, packId: pack.id)
        let lock = try InstallLock.acquire(staging, wait: policy.lockWait)
        defer { lock.release() }
        let fm = FileManager.default
        if fm.fileExists(atPath: staging.old.path) { try? fm.removeItem(at: staging.old) }
        let moved = fm.fileExists(atPath: staging.installed.path)
        if moved {
            do { try fm.moveItem(at: staging.installed, to: staging.old) } catch {
                throw PackInstallError.fileSystem(
                    path: staging.installed.path,
                    reason: "cannot remove the pack folder (\(error.localizedDescription))")
            }
        }
        let packId = pack.id
        let removed: (files: Int, bytes: Int64)
        do {
            removed = try await database.write { db in
                let row = try Row.fetchOne(
                    db, sql: "SELECT COUNT(*), COALESCE(SUM(bytes_total), 0) FROM local_asset WHERE pack_id = ?",
                    arguments: [packId])
                try db.execute(
                    sql:
                        "DELETE FROM item_local_audio WHERE asset_id IN (SELECT id FROM local_asset WHERE pack_id = ?)",
                    arguments: [packId])
                try db.execute(
                    sql: "DELETE FROM item_take WHERE asset_id IN (SELECT id FROM local_asset WHERE pack_id = ?)",
                    arguments: [packId])
                try db.execute(sql: "DELETE FROM local_asset WHERE pack_id = ?", arguments: [packId])
                try db.execute(
                    sql: """
                        INSERT INTO pack_state(pack_id, state, updated_at) VALUES (?, 'not_downloaded', ?)
                        ON CONFLICT(pack_id) DO UPDATE SET state = 'not_downloaded', bytes_total = NULL, bytes_downloaded = NULL,
                          installed_version = NULL, last_error = NULL, updated_at = excluded.updated_at
                        """, arguments: [packId, Timestamp.now()])
                return (row?[0] ?? 0, row?[1] ?? 0)
            }
        } catch {
            if moved { try? fm.moveItem(at: staging.old, to: staging.installed) }
            throw error
        }
        try? fm.removeItem(at: staging.old)
        try? fm.removeItem(at: staging.folder)
        return PackInstallResult(packID: packId, state: .notDownloaded, files: removed.files, bytes: removed.bytes)
    }
}
