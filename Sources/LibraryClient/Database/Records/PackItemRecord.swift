import GRDB

/// A row of `pack_item`: an item's membership and position in its pack.
///
/// ```swift
/// let items = try PackItemRecord.filter(PackItemRecord.Columns.packId == packId)
///     .order(PackItemRecord.Columns.sortOrder).fetchAll(db)
/// ```
public struct PackItemRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "pack_item"

    public var packId: String
    public var itemId: String
    public var sortOrder: Int

    public enum CodingKeys: String, CodingKey {
        case packId = "pack_id", itemId = "item_id", sortOrder = "sort_order"
    }

    public enum Columns {
        public static let packId = Column(CodingKeys.packId)
        public static let itemId = Column(CodingKeys.itemId)
        public static let sortOrder = Column(CodingKeys.sortOrder)
    }
}
