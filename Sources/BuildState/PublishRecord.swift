import Foundation
import GRDB
import Gzip

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
    /// The SHA-256 of the sources' ``FileStamp/digest``s, in the publisher's order.
    package var sources: String
    /// The stat of the catalog.json the publish left (JSON ``FileStat``).
    package var catalog: Data
    /// Each pack.yaml's stamp digest (gzipped JSON `{path: digest}`): a pack whose files still
    /// digest the same need not be compared with its published version again.
    package var packs: Data

    package enum Columns {
        static let output = Column(CodingKeys.output)
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.primaryKey("output", .text)
            table.column("context", .text).notNull()
            table.column("sources", .text).notNull()
            table.column("catalog", .blob).notNull()
            table.column("packs", .blob).notNull()
        }
    }
}

extension BuildStateStore {
    /// Whether the last publish into `output` was made in `context` from sources whose stats
    /// digest to `sources`, and its catalog.json is still the one it wrote.
    package func publishIsCurrent(output: String, context: String, sources: String) -> Bool {
        lastPublish(output: output, context: context)?.sources == BuildStateStore.digest(sources)
    }

    /// Records a publish into `output` (after catalog.json was written) from sources whose stats
    /// digest to `sources`, each pack's to `packs`.
    package func recordPublish(output: String, context: String, sources: String, packs: [String: String]) {
        let catalog = (output as NSString).appendingPathComponent("catalog.json")
        guard let stat = FileStat.of(path: catalog), let data = try? JSONEncoder().encode(stat),
            let packData = try? Gzip.compress(JSONEncoder().encode(packs))
        else { return }
        let record = PublishRecord(
            output: output, context: context, sources: BuildStateStore.digest(sources), catalog: data, packs: packData)
        try? queue.write { db in try record.save(db) }
    }

    /// Each pack's stamp digest at the last publish into `output` made in `context`, while the
    /// catalog.json it wrote is still there; empty otherwise.
    package func packsAtLastPublish(output: String, context: String) -> [String: String] {
        lastPublish(output: output, context: context).flatMap {
            try? JSONDecoder().decode([String: String].self, from: Gzip.decompress($0.packs, limit: 1 << 30))
        } ?? [:]
    }

    /// The last publish into `output`, when it was made in `context` and the catalog.json it wrote
    /// is still there (same stat).
    private func lastPublish(output: String, context: String) -> PublishRecord? {
        guard
            let record = try? queue.read({ db in
                try PublishRecord.filter(PublishRecord.Columns.output == output).fetchOne(db)
            }), record.context == context,
            let kept = try? JSONDecoder().decode(FileStat.self, from: record.catalog),
            let now = FileStat.of(path: (output as NSString).appendingPathComponent("catalog.json")), now == kept
        else { return nil }
        return record
    }
}
