import Foundation
import GRDB

/// One object a bucket holds under a push destination's prefix, as far as the pushes there know:
/// its size, its SHA-256 when known (a listing does not say; a HEAD or an upload does), and the
/// stat of the local file that had that SHA-256 (settled: written more than a time-stamp tick
/// before), so a file whose stat is unchanged is not read again, as git's index trusts a stat.
/// One row a file keeps a push's memory flat whatever the catalog's size.
///
/// ```swift
/// let row = state.pushedObject(destination, path: "packs/…/pack.tar")
/// row?.sha256   // nil when only a listing named it
/// ```
package struct PushedObject: Codable, FetchableRecord, PersistableRecord, Sendable {
    package static let databaseTableName = "pushedObject"

    package var destination: String
    /// The key below the prefix (the published folder's relative path).
    package var path: String
    package var bytes: Int64
    package var sha256: String?
    /// `device:inode:size:modified` of the local file whose SHA-256 this is.
    package var localStat: String?

    package init(destination: String, path: String, bytes: Int64, sha256: String?, stat: FileStat? = nil) {
        self.destination = destination
        self.path = path
        self.bytes = bytes
        self.sha256 = sha256
        self.localStat = stat?.recordText
    }

    /// The local file's stat recorded with the SHA-256.
    package var stat: FileStat? { localStat.flatMap(FileStat.init(recordText:)) }

    package enum Columns {
        static let destination = Column(CodingKeys.destination)
        static let path = Column(CodingKeys.path)
        static let bytes = Column(CodingKeys.bytes)
        static let sha256 = Column(CodingKeys.sha256)
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName, options: .withoutRowID) { table in
            table.column("destination", .text).notNull()
            table.column("path", .text).notNull()
            table.column("bytes", .integer).notNull()
            table.column("sha256", .text)
            table.column("localStat", .text)
            table.primaryKey(["destination", "path"])
        }
        try db.create(index: "pushedObject_sha256", on: databaseTableName, columns: ["destination", "sha256"])
        try db.create(index: "pushedObject_bytes", on: databaseTableName, columns: ["destination", "bytes"])
    }
}

extension BuildStateStore {
    /// The row of `path` under `destination`.
    package func pushedObject(_ destination: String, path: String) -> PushedObject? {
        try? queue.read { db in try PushedObject.fetchOne(db, key: ["destination": destination, "path": path]) }
    }

    /// The rows of `paths` under `destination`, by path (one read for a batch of files).
    package func pushedObjects(_ destination: String, paths: [String]) -> [String: PushedObject] {
        // Raw SQL: a push looks up every file of the folder (133k at 100k items); a cached statement
        // read by position: a push with nothing new at 100k items took 13.4 s through records, 2.1 s so.
        let rows = try? queue.read { db -> [PushedObject] in
            let statement = try db.cachedStatement(
                sql: "SELECT bytes, sha256, localStat FROM pushedObject WHERE destination = ? AND path = ?")
            var found: [PushedObject] = []
            for path in paths {
                guard let row = try Row.fetchOne(statement, arguments: [destination, path]) else { continue }
                var object = PushedObject(destination: destination, path: path, bytes: row[0], sha256: row[1])
                object.localStat = row[2]
                found.append(object)
            }
            return found
        }
        return Dictionary((rows ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Stores `rows` (each replaces the row of its path), in one transaction.
    package func savePushedObjects(_ rows: [PushedObject]) {
        guard !rows.isEmpty else { return }
        try? queue.write { db in for row in rows { try row.save(db) } }
    }
}
