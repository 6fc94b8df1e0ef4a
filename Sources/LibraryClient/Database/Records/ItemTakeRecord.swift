import CatalogFormat
import GRDB

/// A row of `item_take`: one installed recording of an item.
///
/// ```swift
/// let takes = try ItemTakeRecord.filter(ItemTakeRecord.Columns.itemId == id).order(ItemTakeRecord.Columns.take).fetchAll(db)
/// takes.map(\.assetId)
/// ```
package struct ItemTakeRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "item_take"

    package var itemId: String
    package var take: Int
    package var assetId: String
    /// Seconds, from the manifest.
    package var duration: Double?
    /// The take's EBU R128 figures from the manifest (JSON), when the pack was analysed.
    package var loudness: Loudness?

    package init(itemId: String, take: Int, assetId: String, duration: Double?, loudness: Loudness? = nil) {
        self.itemId = itemId
        self.take = take
        self.assetId = assetId
        self.duration = duration
        self.loudness = loudness
    }

    package enum Columns {
        package static let itemId = Column("item_id")
        package static let take = Column("take")
        package static let assetId = Column("asset_id")
        package static let duration = Column("duration")
    }
}

extension DerivableRequest<ItemTakeRecord> {
    /// The takes recorded by one of `assets`.
    package func recorded(by assets: QueryInterfaceRequest<LocalAssetRecord>) -> Self {
        filter(assets.select(LocalAssetRecord.Columns.id).contains(ItemTakeRecord.Columns.assetId))
    }
}
