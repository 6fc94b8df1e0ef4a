import Foundation
import GRDB

/// Ids and where each was first claimed, in a temporary SQLite file of their own (no journal,
/// no syncs, removed with the object): the catalog-wide uniqueness rules of a million items
/// without a million ids in memory.
///
/// ```swift
/// let claims = try IdentityClaimFile()
/// claims.claim("8f0c…", place: "pack 'caves'…")   // nil: the id is new
/// claims.claim("8f0c…", place: "item 'Drip'…")    // "pack 'caves'…": where it was met first
/// ```
package final class IdentityClaimFile: @unchecked Sendable {
    private let queue: DatabaseQueue
    private let folder: String
    /// Claims inside the open transaction; it is committed every so many.
    private var pending = 0

    package init() throws {
        let name = "soundshelf-ids-\(UUID().uuidString)"
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var configuration = Configuration()
        // One transaction spans many claims (committed every 10,000): a file nobody else reads.
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: folder + "/ids.sqlite", configuration: configuration)
        try queue.inDatabase { db in
            try db.execute(
                sql: """
                    PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
                    CREATE TABLE claim (id TEXT PRIMARY KEY, place TEXT NOT NULL) WITHOUT ROWID;
                    """)
        }
    }

    deinit {
        try? queue.inDatabase { db in if db.isInsideTransaction { try db.commit() } }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Records `place` for `id` unless `id` was claimed before: returns the first claim's place, or nil.
    package func claim(_ id: String, place: String) throws -> String? {
        try queue.inDatabase { db -> String? in
            if !db.isInsideTransaction { try db.beginTransaction() }
            try db.cachedStatement(sql: "INSERT INTO claim (id, place) VALUES (?, ?) ON CONFLICT (id) DO NOTHING")
                .execute(arguments: [id, place])
            if db.changesCount == 0 {
                return try String.fetchOne(
                    db.cachedStatement(sql: "SELECT place FROM claim WHERE id = ?"), arguments: [id])
            }
            pending += 1
            if pending >= 10_000 {
                pending = 0
                try db.commit()
            }
            return nil
        }
    }
}
