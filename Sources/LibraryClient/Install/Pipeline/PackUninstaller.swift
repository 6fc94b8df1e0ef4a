import Foundation
import GRDB

/// Removes an installed pack: moves `AudioAssets/<packId>/` aside, then one transaction deletes its
/// `local_asset` / `item_local_audio` rows and sets `not_downloaded` or `offloaded` (installed_version NULL);
/// the items stay listed. Partial downloads in staging are dropped too.
struct PackUninstaller: Sendable {
    let paths: LibraryPaths
    let database: AppDatabase
    let policy: DownloadPolicy
    /// How long to wait for another process's install of the pack (nil: the policy's wait).
    var lockWait: Double? = nil

    /// Removes the pack's audio and leaves it in `state`: `notDownloaded` (uninstall) or
    /// `offloaded` (to keep within the audio budget).
    func run(_ pack: PackWithState, leaving state: PackState = .notDownloaded) async throws -> PackInstallResult {
        let staging = StagingArea(paths: paths, packId: pack.id)
        let lock = try InstallLock.acquire(staging, wait: lockWait ?? policy.lockWait)
        defer { lock.release() }
        let fm = FileManager.default
        if fm.fileExists(atPath: staging.old.path) { try? fm.removeItem(at: staging.old) }
        let moved = fm.fileExists(atPath: staging.installed.path)
        if moved {
            do { try fm.moveItem(at: staging.installed, to: staging.old) } catch {
                throw PackInstallError.fileSystem(
                    path: staging.installed.path, step: "cannot remove the pack folder", error)
            }
        }
        let packId = pack.id
        let removed: (files: Int, bytes: Int64)
        do {
            removed = try await database.write { db in
                let assets = LocalAssetRecord.all().forPack(packId)
                let files = try assets.fetchCount(db)
                let bytes = try assets.select(sum(LocalAssetRecord.Columns.bytesTotal), as: Int64.self).fetchOne(db)
                _ = try ItemLocalAudioRecord.all().playing(assets).deleteAll(db)
                _ = try ItemTakeRecord.all().recorded(by: assets).deleteAll(db)
                _ = try assets.deleteAll(db)
                try PackStateRecord(packId: packId, state: state, updatedAt: Timestamp.now()).save(db)
                return (files, bytes ?? 0)
            }
        } catch {
            if moved { try? fm.moveItem(at: staging.old, to: staging.installed) }
            throw error
        }
        try? fm.removeItem(at: staging.old)
        try? fm.removeItem(at: staging.folder)
        return PackInstallResult(packID: packId, state: state, files: removed.files, bytes: removed.bytes)
    }
}
