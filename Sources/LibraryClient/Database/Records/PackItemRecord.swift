import GRDB

/// A row of `pack_item`: an item's membership and position in its pack.
///
/// ```swift
/// let items = try PackItemRecord.filter(PackItemRecord.Columns.packId == packId)
///     .order(PackItemRecord.Columns.sortOrder).fetchAll(db)
/// ```
package struct PackItemRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "pack_item"

    package var packId: String
    package var itemId: String
    package var sortOrder: Int

    package enum CodingKeys: String, CodingKey {
        case packId = "pack_id"
        case itemId = "item_id"
        case sortOrder = "sort_order"
    }

    package enum Columns {
        package static let packId = Column(CodingKeys.packId)
        package static let itemId = Column(CodingKeys.itemId)
        package static let sortOrder = Column(CodingKeys.sortOrder)
    }
}
