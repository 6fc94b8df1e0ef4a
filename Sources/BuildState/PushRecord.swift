import Foundation
import GRDB

/// The last `catalog push` to a destination: the SHA-256 of the catalog.json it stored. While
/// the bucket's catalog.json still carries it, the next push trusts the destination's
/// ``PushedObject`` rows (what the bucket holds) instead of listing the bucket.
///
/// ```swift
/// state.setPushCatalog(sha, for: "https://s3.example.com media catalog/")
/// state.pushCatalog(for: destination) == bucketCatalogSHA   // the rows can be trusted
/// ```
package struct PushRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    package static let databaseTableName = "push"

    /// The store's endpoint, the bucket and the prefix.
    package var destination: String
    /// The SHA-256 of the catalog.json the bucket held when the rows were last known true; nil
    /// when it held none (the rows are then not trusted: the bucket is listed).
    package var catalog: String?

    package enum Columns {
        static let destination = Column(CodingKeys.destination)
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.primaryKey("destination", .text)
            table.column("catalog", .text)
        }
    }
}

extension BuildStateStore {
    /// The SHA-256 of the catalog.json the bucket held when its rows were last known true.
    package func pushCatalog(for destination: String) -> String? {
        try? queue.read { db in try PushRecord.fetchOne(db, key: destination)?.catalog }
    }

    /// Records that the destination's rows are true while its catalog.json has SHA-256 `catalog`.
    package func setPushCatalog(_ catalog: String?, for destination: String) {
        try? queue.write { db in try PushRecord(destination: destination, catalog: catalog).save(db) }
    }

    /// Forgets what was known of `destination` (before it is listed again).
    package func forgetPush(to destination: String) {
        _ = try? queue.write { db in
            try PushRecord.deleteOne(db, key: destination)
            try PushedObject.filter(PushedObject.Columns.destination == destination).deleteAll(db)
        }
    }
}
