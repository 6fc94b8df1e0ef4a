import GRDB

extension AppDatabase {
    /// Runs `body` in one write transaction set up for a bulk load, holding the writer from the
    /// first setting to the last restore, so no other write ever runs with these settings:
    /// - foreign keys are not checked (the caller writes every parent before its children and
    ///   deletes no parent), which saves two index lookups per child row;
    /// - a 32 MiB page cache;
    /// - no WAL checkpoint inside the commit (it would copy the whole new database at once;
    ///   the next write, or the last connection closing, does it).
    /// The connection's defaults (foreign keys on, 2 MiB cache, checkpoints every 1000 pages, no
    /// sorting threads) are back when this returns or throws.
    ///
    /// When `writingOnceIf` says yes (a first import into empty tables: nearly every page it
    /// writes is new), the pool's idle readers are closed and the load runs out of WAL mode if no
    /// other connection holds the file (``leaveWAL(_:)``), writing each page once instead of
    /// twice; the file is back in WAL mode when this returns. Reads of this pool that start
    /// during such a load wait for its commit.
    ///
    /// ```swift
    /// let count = try await database.bulkWrite { db in try insertEverything(db) }
    /// ```
    func bulkWrite<T: Sendable>(
        writingOnceIf: (@Sendable (Database) throws -> Bool)? = nil,
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            // Asked on the writer (a read would open a reader that holds the file); readers are
            // closed only for a load that may leave WAL mode, so an update keeps the app's readers.
            let wanted: Bool
            if let writingOnceIf {
                wanted = try await writer.writeWithoutTransaction(writingOnceIf)
            } else {
                wanted = false
            }
            if wanted { writer.releaseMemory() }
            return try await writer.writeWithoutTransaction { db in
                let once = wanted && Self.leaveWAL(db)
                defer { if once { Self.returnToWAL(db) } }
                // Raw SQL: PRAGMAs have no query-interface form.
                try db.execute(
                    sql: "PRAGMA foreign_keys = OFF; PRAGMA cache_size = -32768; PRAGMA wal_autocheckpoint = 0")
                defer {
                    try? db.execute(
                        sql: """
                            PRAGMA foreign_keys = ON; PRAGMA cache_size = -2000; PRAGMA wal_autocheckpoint = 1000;
                            PRAGMA threads = 0
                            """)
                }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else {
                    throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the bulk write returned nothing")
                }
                return result
            }
        } catch let error as DatabaseError {
            throw LibraryClientError.database(error, path: path)
        }
    }

    /// Copies the write-ahead log into the database file now (SQLite's passive checkpoint, which
    /// never blocks readers). After a sync wrote, ``Library/sync(_:transport:)`` runs it while the
    /// facet index and the list orders are prepared, so that closing the library, which would
    /// otherwise copy the whole log then, has little left to do. Best effort: what is not copied
    /// now is copied later.
    ///
    /// ```swift
    /// await database.checkpoint()
    /// ```
    func checkpoint() async {
        _ = try? await writer.writeWithoutTransaction { db in try db.checkpoint(.passive) }
    }
}
