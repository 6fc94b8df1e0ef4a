import Foundation
import GRDB

/// The writes the installer makes to `pack_state` outside the final transaction.
struct PackStateWriter: Sendable {
    let database: AppDatabase

    /// `downloading`, progress reset; `installed_version` is kept (an upgrade may still fail).
    func begin(_ packId: String) async throws {
        try await database.write { db in
            let now = Timestamp.now()
            var row =
                try PackStateRecord.fetchOne(db, key: packId)
                ?? PackStateRecord(packId: packId, state: .downloading, updatedAt: now)
            row.state = PackState.downloading.rawValue
            row.bytesTotal = nil
            row.bytesDownloaded = 0
            row.lastError = nil
            row.updatedAt = now
            try row.save(db)
        }
    }

    func setTotal(_ packId: String, total: Int64) async throws {
        try await database.write { db in
            _ = try PackStateRecord.filter(key: packId).updateAll(
                db, PackStateRecord.Columns.bytesTotal.set(to: total),
                PackStateRecord.Columns.updatedAt.set(to: Timestamp.now()))
        }
    }

    /// Synchronous, for the download threads; only touches a pack still `downloading`.
    func recordProgress(_ packId: String, done: Int64) {
        try? database.writer.write { db in
            _ = try PackStateRecord.filter(key: packId).filter(state: .downloading).updateAll(
                db, PackStateRecord.Columns.bytesDownloaded.set(to: done),
                PackStateRecord.Columns.updatedAt.set(to: Timestamp.now()))
        }
    }

    /// Synchronous on purpose: it must land even when the installing task was cancelled
    /// (GRDB's async writes refuse to start in a cancelled task).
    func fail(_ packId: String, message: String) {
        try? database.writer.write { db in
            _ = try PackStateRecord.filter(key: packId).updateAll(db, Self.failed(message))
        }
    }

    /// Packs left `downloading` whose lock has no live owner become `failed` ("interrupted").
    func recoverInterrupted(paths: LibraryPaths) async throws -> [String] {
        let stuck = try await database.read { db in
            try PackStateRecord.all().filter(state: .downloading)
                .select(PackStateRecord.Columns.packId, as: String.self).fetchAll(db)
        }
        let dead = stuck.filter { !InstallLock.hasLiveOwner(StagingArea(paths: paths, packId: $0).lockFile) }
        guard !dead.isEmpty else { return [] }
        try await database.write { db in
            for packId in dead {
                let resumable = StagingArea(paths: paths, packId: packId).hasPartials
                let message =
                    "interrupted: the download of pack \(packId) stopped before it finished (the installing process ended); "
                    + (resumable
                        ? "its partial download is kept, so installing or repairing the pack resumes it"
                        : "nothing was kept, so installing the pack starts it again")
                _ = try PackStateRecord.filter(key: packId).filter(state: .downloading)
                    .updateAll(db, Self.failed(message))
            }
        }
        return dead
    }

    /// The assignments marking a pack `failed` with `message`.
    private static func failed(_ message: String) -> [ColumnAssignment] {
        [
            PackStateRecord.Columns.state.set(to: PackState.failed.rawValue),
            PackStateRecord.Columns.lastError.set(to: message),
            PackStateRecord.Columns.updatedAt.set(to: Timestamp.now()),
        ]
    }
}
