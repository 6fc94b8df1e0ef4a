import GRDB

/// A row of `pack_item`: an item a pack lists, at its place in the pack's order. Only the seed
/// import writes it.
///
/// ```swift
/// let ids = try PackItemRecord.all().forPack(packId).select(PackItemRecord.Columns.itemId, as: String.self).fetchSet(db)
/// ```
package struct PackItemRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "pack_item"

    package var packId: String
    package var itemId: String
    package var sortOrder: Int

    package enum Columns {
        package static let packId = Column("pack_id")
        package static let itemId = Column("item_id")
        package static let sortOrder = Column("sort_order")
    }
}

extension DerivableRequest<PackItemRecord> {
    /// The items of one pack.
    package func forPack(_ packId: String) -> Self { filter(PackItemRecord.Columns.packId == packId) }
}
