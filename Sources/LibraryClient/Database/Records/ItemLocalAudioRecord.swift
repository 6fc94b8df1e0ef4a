import GRDB

/// A row of `item_local_audio`: the installed asset that plays an item.
///
/// ```swift
/// let audio = try ItemLocalAudioRecord.fetchOne(db, key: itemId)
/// audio?.codec   // "aac"
/// ```
package struct ItemLocalAudioRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "item_local_audio"

    package var itemId: String
    package var assetId: String
    package var codec: String?
    package var sampleRate: Int?
    package var channels: Int?
    package var loopable: Bool

    package enum CodingKeys: String, CodingKey {
        case itemId = "item_id"
        case assetId = "asset_id"
        case codec
        case sampleRate = "sample_rate"
        case channels, loopable
    }

    package enum Columns {
        package static let itemId = Column(CodingKeys.itemId)
        package static let assetId = Column(CodingKeys.assetId)
        package static let codec = Column(CodingKeys.codec)
        package static let sampleRate = Column(CodingKeys.sampleRate)
        package static let channels = Column(CodingKeys.channels)
        package static let loopable = Column(CodingKeys.loopable)
    }
}

extension DerivableRequest<ItemLocalAudioRecord> {
    /// The rows played by one of `assets`.
    package func playing(_ assets: QueryInterfaceRequest<LocalAssetRecord>) -> Self {
        filter(assets.select(LocalAssetRecord.Columns.id).contains(ItemLocalAudioRecord.Columns.assetId))
    }
}
