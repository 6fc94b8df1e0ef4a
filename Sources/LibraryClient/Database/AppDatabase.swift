import Foundation
import GRDB

/// The client's SQLite database (`<root>/library.sqlite`): a GRDB `DatabasePool` in WAL mode with
/// foreign keys on, migrated to the catalog schema plus the client's own tables.
///
/// ```swift
/// let db = try AppDatabase.open(at: LibraryPaths(root: root).database)
/// let count = try await db.reader.read { try LibraryItemRecord.fetchCount($0) }
/// ```
package final class AppDatabase: Sendable {
    /// The pool; read with `reader`, write with `writer`.
    package let writer: DatabasePool
    /// The file path, for messages.
    package let path: String

    /// Commits made through other connections (other processes), polled while observed.
    let externalCommits: ExternalCommitWatch

    package var reader: any DatabaseReader { writer }

    init(pool: DatabasePool, path: String) {
        self.writer = pool
        self.path = path
        externalCommits = ExternalCommitWatch(writer: pool)
    }

    /// Opens (creating when needed) the database at `url` and runs pending migrations.
    package static func open(at url: URL) throws -> AppDatabase {
        if FileManager.default.fileExists(atPath: url.path), isReadOnlyFolder(url.deletingLastPathComponent()) {
            return try openImmutable(at: url)
        }
        return try reportingErrors(at: url) {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try createIfMissing(at: url)
            let pool = try DatabasePool(path: url.path, configuration: configuration())
            try AppDatabase.migrator.migrate(pool)
            return AppDatabase(pool: pool, path: url.path)
        }
    }

    /// Opens the database at `url` for reading only when it exists and needs nothing written
    /// first, else as ``open(at:)`` does (no file yet, migrations pending, or a journal left by a
    /// killed write to play back). No connection of a read-only pool writes: a writable pool that
    /// finds no write-ahead log writes a transaction to make one (GRDB's pool does, so that readers
    /// can open), and the last connection to close copies the log into the database and deletes
    /// it, so a process that only reads would write the database twice for nothing (several
    /// milliseconds of a `client facets`). Writes through this database fail.
    ///
    /// ```swift
    /// let db = try AppDatabase.openForReading(at: LibraryPaths(root: root).database)
    /// ```
    package static func openForReading(at url: URL) throws -> AppDatabase {
        var config = configuration()
        config.readonly = true
        guard FileManager.default.fileExists(atPath: url.path),
            let pool = try? DatabasePool(path: url.path, configuration: config),
            (try? pool.read(migrationsAreComplete)) == true
        else { return try open(at: url) }
        return AppDatabase(pool: pool, path: url.path)
    }

    /// A data root on a read-only volume (a mounted backup, a locked volume): the database is
    /// opened as immutable, as SQLite allows for a file that nothing can change (no write-ahead
    /// log, no locks), so browsing works; every write fails with SQLite's READONLY code ("the data
    /// root is read-only").
    private static func openImmutable(at url: URL) throws -> AppDatabase {
        try reportingErrors(at: url) {
            var config = configuration()
            config.readonly = true
            let escaped = url.path.replacingOccurrences(of: "%", with: "%25")
                .replacingOccurrences(of: "?", with: "%3f").replacingOccurrences(of: "#", with: "%23")
            let pool = try DatabasePool(path: "file:\(escaped)?immutable=1", configuration: config)
            guard try pool.read(migrationsAreComplete) else {
                throw LibraryClientError.database(
                    path: url.path, code: SQLiteResultCode(rawValue: 8),
                    message: "the library needs an update this release makes, which a read-only data root cannot take")
            }
            return AppDatabase(pool: pool, path: url.path)
        }
    }

    /// Whether `folder` cannot be written: a read-only volume, or no write permission.
    static func isReadOnlyFolder(_ folder: URL) -> Bool {
        access(folder.path, W_OK) != 0 && (errno == EROFS || errno == EACCES || errno == EPERM)
    }

    /// Whether every migration of ``migrator`` was applied (what GRDB's `hasCompletedMigrations`
    /// says, read through the C API: GRDB's generic fetch asks the runtime for protocol
    /// conformances, a first time costing a fresh process about 0.1 ms). Throws when the
    /// migrations table is missing.
    private static func migrationsAreComplete(_ db: Database) throws -> Bool {
        var applied: Set<String> = []
        try BulkStatement(db, "SELECT identifier FROM grdb_migrations").query({ _ in }) { row in
            if let identifier = row.text(0) { applied.insert(identifier) }
        }
        return migrator.migrations.allSatisfy(applied.contains)
    }

    /// The pool's settings: foreign keys on, synchronous NORMAL, another process's write
    /// transaction waited for.
    private static func configuration() -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        // Another process's write transaction is waited for, not failed with "database is locked":
        // the one-transaction import of a 100k-item seed can hold the write lock for tens of seconds.
        config.busyMode = .timeout(180)
        config.prepareDatabase { db in
            // Raw SQL: a PRAGMA has no query-interface form.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return config
    }

    /// `body`'s result, its errors as ``LibraryClientError``s naming the database at `url`.
    private static func reportingErrors<T>(at url: URL, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw LibraryClientError.database(error, path: url.path)
        } catch let error as LibraryClientError {
            throw error
        } catch {
            throw LibraryClientError.database(
                path: url.path, code: SQLiteResultCode(rawValue: 14), message: error.localizedDescription)
        }
    }

    /// Runs `body` in a write transaction, turning GRDB errors into ``LibraryClientError``.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await writer.write(body) } catch let error as DatabaseError {
            throw LibraryClientError.database(error, path: path)
        }
    }

    /// Runs `body` in a read transaction, turning GRDB errors into ``LibraryClientError``.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await writer.read(body) } catch let error as DatabaseError {
            throw LibraryClientError.database(error, path: path)
        }
    }
}
