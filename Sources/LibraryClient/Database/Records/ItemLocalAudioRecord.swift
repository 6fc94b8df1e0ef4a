import GRDB

/// A row of `item_local_audio`: the installed asset that plays an item.
///
/// ```swift
/// let audio = try ItemLocalAudioRecord.fetchOne(db, key: itemId)
/// audio?.codec   // "aac"
/// ```
public struct ItemLocalAudioRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "item_local_audio"

    public var itemId: String
    public var assetId: String
    public var codec: String?
    public var sampleRate: Int?
    public var channels: Int?
    public var loopable: Bool

    public enum CodingKeys: String, CodingKey {
        case itemId = "item_id", assetId = "asset_id", codec, sampleRate = "sample_rate", channels, loopable
    }

    public enum Columns {
        public static let itemId = Column(CodingKeys.itemId)
        public static let assetId = Column(CodingKeys.assetId)
        public static let codec = Column(CodingKeys.codec)
        public static let sampleRate = Column(CodingKeys.sampleRate)
        public static let channels = Column(CodingKeys.channels)
        public static let loopable = Column(CodingKeys.loopable)
    }
}
