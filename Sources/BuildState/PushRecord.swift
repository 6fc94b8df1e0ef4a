import Foundation
import GRDB

/// What the last `catalog push` to a destination left there: every object it uploaded or found
/// unchanged (key below the prefix, size, SHA-256) and the SHA-256 of the catalog.json it stored
/// last. While the bucket's catalog.json still carries that SHA-256, the next push trusts this
/// list instead of listing the bucket.
///
/// ```swift
/// state.recordPush(PushRecord(destination: "https://s3.example.com media catalog/", catalog: sha, objects: list))
/// ```
package struct PushRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    package static let databaseTableName = "push"

    /// The store's endpoint, the bucket and the prefix.
    package var destination: String
    /// The SHA-256 of the catalog.json the push stored.
    package var catalog: String
    /// One object a line: `path TAB bytes TAB sha256 [TAB device:inode:size:modified]`, the path
    /// below the prefix, and the stat of the local file its SHA-256 was taken from (when it was
    /// settled: written more than a time-stamp tick before).
    package var objects: Data

    package typealias Object = (path: String, bytes: Int64, sha256: String, stat: FileStat?)

    package init(destination: String, catalog: String, objects: [Object]) {
        self.destination = destination
        self.catalog = catalog
        var data = Data()
        for (index, object) in objects.enumerated() {
            if index > 0 { data.append(0x0A) }
            data.append(contentsOf: "\(object.path)\t\(object.bytes)\t\(object.sha256)".utf8)
            if let stat = object.stat {
                data.append(contentsOf: "\t\(stat.device):\(stat.inode):\(stat.size):\(stat.modified)".utf8)
            }
        }
        self.objects = data
    }

    /// The objects, as recorded.
    package var entries: [Object] {
        objects.split(separator: 0x0A).compactMap { line in
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count == 3 || fields.count == 4,
                let bytes = Int64(String(decoding: fields[1], as: UTF8.self))
            else { return nil }
            var stat: FileStat?
            if fields.count == 4 {
                let parts = fields[3].split(separator: 0x3A).compactMap { Int64(String(decoding: $0, as: UTF8.self)) }
                if parts.count == 4 {
                    stat = FileStat(
                        device: UInt64(bitPattern: parts[0]), inode: UInt64(bitPattern: parts[1]), size: parts[2],
                        modified: parts[3], changed: 0)
                }
            }
            return (String(decoding: fields[0], as: UTF8.self), bytes, String(decoding: fields[2], as: UTF8.self), stat)
        }
    }

    package enum Columns {
        static let destination = Column(CodingKeys.destination)
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.primaryKey("destination", .text)
            table.column("catalog", .text).notNull()
            table.column("objects", .blob).notNull()
        }
    }
}

extension BuildStateStore {
    /// The last push to `destination`, if one was recorded.
    package func lastPush(to destination: String) -> PushRecord? {
        try? queue.read { db in try PushRecord.filter(PushRecord.Columns.destination == destination).fetchOne(db) }
    }

    package func recordPush(_ record: PushRecord) {
        try? queue.write { db in try record.save(db) }
    }

    /// Forgets the last push to `destination` (one that failed part way).
    package func forgetPush(to destination: String) {
        _ = try? queue.write { db in try PushRecord.deleteOne(db, key: destination) }
    }
}
