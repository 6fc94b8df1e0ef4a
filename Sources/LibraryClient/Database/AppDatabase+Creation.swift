import Foundation
import GRDB

extension AppDatabase {
    /// Makes a new database at `url` when none is there: the migrations run on a file of their own
    /// beside it, with a rollback journal, and the finished file is linked into place only if no
    /// other process made one meanwhile. Run through a pool, the migrations would go through the
    /// write-ahead log (about 1 MB of log for a schema of about 0.7 MB, copied at the end: a first
    /// sync's peak space, 2.4 × the library it made); with a rollback journal each page of a new
    /// file is written once. A process killed meanwhile leaves only a file named for it, removed
    /// by the next creation. Does nothing when the database exists.
    ///
    /// ```swift
    /// try AppDatabase.createIfMissing(at: paths.database)
    /// let pool = try DatabasePool(path: paths.database.path)
    /// ```
    static func createIfMissing(at url: URL) throws {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: url.path) else { return }
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).creating-"
        // Files of creations killed before their link: nothing else uses them.
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            try? manager.removeItem(at: folder.appendingPathComponent(name))
        }
        let staging = folder.appendingPathComponent(prefix + UUID().uuidString)
        defer {
            try? manager.removeItem(at: staging)
            try? manager.removeItem(atPath: staging.path + "-journal")
        }
        var config = Configuration()
        config.foreignKeysEnabled = true
        let queue = try DatabaseQueue(path: staging.path, configuration: config)
        try migrator.migrate(queue)
        try queue.close()
        // link(2) never replaces: a database another process created first is kept, ours dropped.
        if link(staging.path, url.path) != 0 && errno != EEXIST {
            throw LibraryClientError.database(
                path: url.path, code: SQLiteResultCode(rawValue: 14), message: String(cString: strerror(errno)))
        }
    }
}
