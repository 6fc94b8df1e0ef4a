import CatalogFormat
import GRDB

/// A row of `pack`: a pack as the synced catalog describes it (its install state is in
/// `pack_state`, its files in `pack_file`). Only a sync writes it; a pack the catalog no longer
/// lists stays, hidden (`isVisible` false), so favorites and plays keep their pack.
///
/// ```swift
/// let shown = try PackRecord.all().visible().fetchAll(db)
/// ```
package struct PackRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "pack"
    package static let capitalizedWords = ["URL"]

    package var id: String
    package var kind: Kind
    package var title: String
    package var description: String?
    package var artworkURL: String?
    package var version: Int
    package var manifestURL: String
    package var createdAt: String
    package var slug: String?
    package var isVisible: Bool

    package enum Columns {
        package static let id = Column("id")
        package static let kind = Column("kind")
        package static let title = Column("title")
        package static let isVisible = Column("is_visible")
    }
}

extension DerivableRequest<PackRecord> {
    /// Only packs the current catalog lists.
    package func visible() -> Self { filter(PackRecord.Columns.isVisible == true) }
}
