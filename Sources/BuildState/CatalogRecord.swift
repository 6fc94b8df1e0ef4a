import Foundation
import GRDB
import Gzip

/// The last complete check of a catalog: what it reported, from sources whose stats digest to
/// `sources`. While they still do, the report is the same without reading a pack's checks.
///
/// ```swift
/// if let kept = state.currentCatalogRecord(path: catalog, context: context, sources: digest) { … }
/// ```
package struct CatalogRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    package static let databaseTableName = "catalogCheck"

    /// catalog.yaml's path, as the tool was given it.
    package var path: String
    package var context: String
    /// The SHA-256 of catalog.yaml's and every pack's stamp digests, in order.
    package var sources: String
    /// The catalog's checks, the sound checks (nil when not measured) and the packs' ids and
    /// versions (nil when a pack could not be read; gzipped), each in the caller's encoding.
    package var report: Data
    package var sound: Data?
    package var packs: Data?

    /// ``packs`` as the caller gave them.
    package var packList: Data? { packs.flatMap { try? Gzip.decompress($0, limit: 1 << 30) } }

    package init(path: String, context: String, sources: String, report: Data, sound: Data?, packs: Data?) {
        self.path = path
        self.context = context
        self.sources = BuildStateStore.digest(sources)
        self.report = report
        self.sound = sound
        self.packs = packs.flatMap { try? Gzip.compress($0) }
    }

    package enum Columns {
        static let path = Column(CodingKeys.path)
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.primaryKey("path", .text)
            table.column("context", .text).notNull()
            table.column("sources", .text).notNull()
            table.column("report", .blob).notNull()
            table.column("sound", .blob)
            table.column("packs", .blob)
        }
    }
}

extension BuildStateStore {
    /// The last check of the catalog at `path`, when it was made in `context` from `sources`.
    package func currentCatalogRecord(path: String, context: String, sources: String) -> CatalogRecord? {
        guard
            let record = try? queue.read({ db in
                try CatalogRecord.filter(CatalogRecord.Columns.path == path).fetchOne(db)
            }), record.context == context,
            record.sources == BuildStateStore.digest(sources)
        else { return nil }
        return record
    }

    package func saveCatalogRecord(_ record: CatalogRecord) {
        try? queue.write { db in try record.save(db) }
    }
}
