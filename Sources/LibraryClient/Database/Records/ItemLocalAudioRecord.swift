import GRDB

/// A row of `item_local_audio`: the installed asset that plays an item.
///
/// ```swift
/// let audio = try ItemLocalAudioRecord.fetchOne(db, key: itemId)
/// audio?.codec   // "aac"
/// ```
package struct ItemLocalAudioRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "item_local_audio"

    package var itemId: String
    package var assetId: String
    package var codec: String?
    package var sampleRate: Int?
    package var channels: Int?
    package var loopable: Bool

    package enum Columns {
        package static let itemId = Column("item_id")
        package static let assetId = Column("asset_id")
        package static let codec = Column("codec")
        package static let sampleRate = Column("sample_rate")
        package static let channels = Column("channels")
        package static let loopable = Column("loopable")
    }
}

extension DerivableRequest<ItemLocalAudioRecord> {
    /// The rows played by one of `assets`.
    package func playing(_ assets: QueryInterfaceRequest<LocalAssetRecord>) -> Self {
        filter(assets.select(LocalAssetRecord.Columns.id).contains(ItemLocalAudioRecord.Columns.assetId))
    }
}
