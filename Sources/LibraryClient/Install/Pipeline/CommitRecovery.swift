import Foundation
import GRDB

/// Finishes or undoes a folder swap that a killed process left half done. ``InstallCommit``
/// writes `.staging/<packId>.commit` (the version being committed) before it moves
/// `AudioAssets/<packId>/` aside and removes it after the transaction; while the file exists the
/// installed folder may not match the database. Run under the pack's install lock, before anything
/// else touches the folders:
/// - the transaction committed (`pack_state` says `downloaded` at that version): the new folder
///   is in place, the previous one (`.old`) is dropped;
/// - it did not: the previous folder, when there was one, goes back in place, so the version the
///   database lists is the one on disk (and playable).
struct CommitRecovery: Sendable {
    let staging: StagingArea
    let database: AppDatabase

    var marker: URL { staging.base.appendingPathComponent(staging.packId + ".commit") }

    /// Records that a swap to `version` begins (written and flushed before any rename).
    func begin(version: Int) throws {
        do {
            try Data("\(version)\n".utf8).write(to: marker, options: .atomic)
        } catch {
            throw PackInstallError.fileSystem(path: marker.path, step: "cannot record the install step", error)
        }
    }

    /// The swap is over (committed or undone).
    func end() { try? FileManager.default.removeItem(at: marker) }

    /// Repairs what a swap interrupted by the end of its process left behind; does nothing when
    /// no swap was interrupted.
    func recover() throws {
        let fm = FileManager.default
        guard let text = try? String(contentsOf: marker, encoding: .utf8) else { return }
        let version = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let packId = staging.packId
        let row = try database.writer.read { db in try PackStateRecord.fetchOne(db, key: packId) }
        let committed = row.map { $0.state == PackState.downloaded.rawValue && $0.installedVersion == version } ?? false
        if committed {
            try? fm.removeItem(at: staging.old)
        } else if fm.fileExists(atPath: staging.old.path) {
            do {
                if fm.fileExists(atPath: staging.installed.path) { try fm.removeItem(at: staging.installed) }
                try fm.moveItem(at: staging.old, to: staging.installed)
            } catch {
                throw PackInstallError.fileSystem(
                    path: staging.installed.path, step: "cannot put the previous version back in place", error)
            }
        }
        end()
    }
}
