import GRDB

extension AppDatabase {
    /// Takes the database out of WAL mode for one bulk load, when no other connection has it open:
    /// in WAL mode every page a load writes goes to the log and is copied again into the file at
    /// the checkpoint; with a rollback journal, pages past the file's end at the start are written
    /// once, and only the few pages the load changes are copied aside first. A crash in the middle
    /// still leaves the file as it was (SQLite rolls the journal back when the file is next
    /// opened). `synchronous = FULL` while out of WAL, as SQLite advises for a rollback journal
    /// that must survive a power cut. Gives false, changing nothing, when another connection
    /// (another process, or a reader of this pool still open) holds the file: such a connection
    /// keeps reading the log, so the load stays in WAL mode. Never waits for a lock.
    ///
    /// ```swift
    /// let once = Self.leaveWAL(db)
    /// defer { if once { Self.returnToWAL(db) } }
    /// ```
    static func leaveWAL(_ db: Database) -> Bool {
        do {
            // Raw SQL: PRAGMAs have no query-interface form.
            let timeout = try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? 0
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = \(timeout)") }
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") == "delete" else { return false }
            try db.execute(sql: "PRAGMA synchronous = FULL")
            return true
        } catch {
            return false
        }
    }

    /// Puts the database back in WAL mode with the pool's `synchronous = NORMAL`, waiting as long
    /// as the pool's busy timeout for a reader that opened in the meantime. Should that fail, the
    /// file stays in rollback mode until a pool next opens it, which sets WAL mode again; every
    /// read and write works in either mode.
    static func returnToWAL(_ db: Database) {
        try? db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
    }
}
