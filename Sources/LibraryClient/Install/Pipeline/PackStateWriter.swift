import Foundation
import GRDB

/// The writes the installer makes to `pack_state` outside the final transaction.
struct PackStateWriter: Sendable {
    let database: AppDatabase

    /// `downloading`, progress reset; `installed_version` is kept (an upgrade may still fail).
    func begin(_ packId: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO pack_state(pack_id, state, bytes_total, bytes_downloaded, last_error, updated_at)
                    VALUES (?, 'downloading', NULL, 0, NULL, ?)
                    ON CONFLICT(pack_id) DO UPDATE SET state = 'downloading', bytes_total = NULL, bytes_downloaded = 0,
                      last_error = NULL, updated_at = excluded.updated_at
                    """, arguments: [packId, Timestamp.now()])
        }
    }

    func setTotal(_ packId: String, total: Int64) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE pack_state SET bytes_total = ?, updated_at = ? WHERE pack_id = ?",
                arguments: [total, Timestamp.now(), packId])
        }
    }

    /// Synchronous, for the download threads; only touches a pack still `downloading`.
    func recordProgress(_ packId: String, done: Int64) {
        try? database.writer.write { db in
            try db.execute(
                sql: """
                    UPDATE pack_state SET bytes_downloaded = ?, updated_at = ? WHERE pack_id = ? AND state = 'downloading'
                    """, arguments: [done, Timestamp.now(), packId])
        }
    }

    /// Synchronous on purpose: it must land even when the installing task was cancelled
    /// (GRDB's async writes refuse to start in a cancelled task).
    func fail(_ packId: String, message: String) {
        try? database.writer.write { db in
            try db.execute(
                sql: "UPDATE pack_state SET state = 'failed', last_error = ?, updated_at = ? WHERE pack_id = ?",
                arguments: [message, Timestamp.now(), packId])
        }
    }

    /// Packs left `downloading` whose lock has no live owner become `failed` ("interrupted").
    func recoverInterrupted(paths: LibraryPaths) async throws -> [String] {
        let stuck = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT pack_id FROM pack_state WHERE state = 'downloading'")
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
                try db.execute(
                    sql: """
                        UPDATE pack_state SET state = 'failed', last_error = ?, updated_at = ? WHERE pack_id = ? AND state = 'downloading'
                        """, arguments: [message, Timestamp.now(), packId])
            }
        }
        return dead
    }
}
