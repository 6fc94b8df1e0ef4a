import Foundation
import GRDB

/// The last publish into a folder: what it was made from (a digest of every source file's stat)
/// and the catalog.json it left. While both still hold, publishing again would change nothing.
///
/// ```swift
/// if state.publishIsCurrent(output: dist, context: context, sources: digest) { /* nothing new */ }
/// ```
package struct PublishRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    package static let databaseTableName = "publish"

    /// The published folder's absolute path.
    package var output: String
    /// The tool and the publish options.
    package var context: String
    /// ``FileStamp/digest`` of the sources, in the publisher's order.
    package var sources: String
    /// The stat of the catalog.json the publish left (JSON ``FileStat``).
    package var catalog: Data

    package enum Columns {
        static let output = Column(CodingKeys.output)
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.primaryKey("output", .text)
            table.column("context", .text).notNull()
            table.column("sources", .text).notNull()
            table.column("catalog", .blob).notNull()
        }
    }
}

extension BuildStateStore {
    /// Whether the last publish into `output` was made in `context` from sources whose stats
    /// digest to `sources`, and its catalog.json is still the one it wrote.
    package func publishIsCurrent(output: String, context: String, sources: String) -> Bool {
        guard
            let record = try? queue.read({ db in
                try PublishRecord.filter(PublishRecord.Columns.output == output).fetchOne(db)
            }), record.context == context, record.sources == sources,
            let kept = try? JSONDecoder().decode(FileStat.self, from: record.catalog),
            let now = FileStat.of(path: (output as NSString).appendingPathComponent("catalog.json"))
        else { return false }
        return now == kept
    }

    /// Records a publish into `output` (after catalog.json was written).
    package func recordPublish(output: String, context: String, sources: String) {
        let catalog = (output as NSString).appendingPathComponent("catalog.json")
        guard let stat = FileStat.of(path: catalog), let data = try? JSONEncoder().encode(stat) else { return }
        let record = PublishRecord(output: output, context: context, sources: sources, catalog: data)
        try? queue.write { db in try record.save(db) }
    }

    /// Forgets the last publish into `output` (a publish that failed part way).
    package func forgetPublish(output: String) {
        _ = try? queue.write { db in try PublishRecord.deleteOne(db, key: output) }
    }
}
