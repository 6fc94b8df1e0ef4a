import Foundation
import GRDB

/// A pack as the last publish into a folder wrote it: the stamp of its files, its id, how many
/// items it has, and its summary for the top page. A pack whose files still stamp the same, in
/// the same context, is taken from here and from the published shards — its pack.yaml is not read.
///
/// ```swift
/// let kept = state.publishedPacks(output: dist, context: context)   // by pack.yaml path
/// kept["/src/packs/caves/pack.yaml"]?.items
/// ```
package struct PublishedPackRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    package static let databaseTableName = "publishedPack"

    /// The published folder's absolute path.
    package var output: String
    /// The pack.yaml's absolute path.
    package var file: String
    /// What the pack's line depends on besides its files (the tool, the options, catalog.yaml).
    package var context: String
    /// ``FileStamp/digest`` of pack.yaml and the files it names.
    package var stamp: String
    package var packId: String
    package var items: Int
    /// The pack's summary for the top page (the publisher's JSON).
    package var summary: Data

    package init(
        output: String, file: String, context: String, stamp: String, packId: String, items: Int, summary: Data
    ) {
        self.output = output
        self.file = file
        self.context = context
        self.stamp = stamp
        self.packId = packId
        self.items = items
        self.summary = summary
    }

    package enum Columns {
        static let output = Column(CodingKeys.output)
        static let file = Column(CodingKeys.file)
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.column("output", .text).notNull()
            table.column("file", .text).notNull()
            table.column("context", .text).notNull()
            table.column("stamp", .text).notNull()
            table.column("packId", .text).notNull()
            table.column("items", .integer).notNull()
            table.column("summary", .blob).notNull()
            table.primaryKey(["output", "file"])
        }
    }
}

extension BuildStateStore {
    /// The packs of the last publish into `output` made in `context`, by pack.yaml path, while the
    /// catalog.json it wrote is still there; empty otherwise.
    package func publishedPacks(output: String, context: String) -> [String: PublishedPackRecord] {
        guard !packsAtLastPublish(output: output, context: context).isEmpty,
            let records = try? queue.read({ db in
                try PublishedPackRecord.filter(PublishedPackRecord.Columns.output == output).fetchAll(db)
            })
        else { return [:] }
        return Dictionary(records.map { ($0.file, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Records a publish into `output` (after catalog.json was written): ``recordPublish(output:context:sources:packs:)``
    /// and each pack as it was published — `changed` replaces those records, the records of packs
    /// not in `packs` go.
    package func recordPublish(
        output: String, context: String, sources: String, packs: [String: String], changed: [PublishedPackRecord]
    ) {
        try? queue.write { db in
            let files = Set(packs.keys)
            let kept = try String.fetchAll(
                db,
                PublishedPackRecord.filter(PublishedPackRecord.Columns.output == output)
                    .select(PublishedPackRecord.Columns.file))
            for file in kept where !files.contains(file) {
                _ = try PublishedPackRecord.deleteOne(db, key: ["output": output, "file": file])
            }
            for record in changed { try record.save(db) }
        }
        recordPublish(output: output, context: context, sources: sources, packs: packs)
    }

    /// Forgets the packs of the publish into `output` (before a publish that will write them anew).
    package func forgetPublishedPacks(output: String) {
        _ = try? queue.write { db in
            try PublishedPackRecord.filter(PublishedPackRecord.Columns.output == output).deleteAll(db)
        }
    }
}
