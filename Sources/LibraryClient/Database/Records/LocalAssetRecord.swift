import GRDB

/// A row of `local_asset`: one audio file of a pack; `localPath` is relative to the data root
/// (`AudioAssets/<packId>/<assetId>.<ext>`) and survives catalog updates.
///
/// ```swift
/// let assets = try LocalAssetRecord.filter(LocalAssetRecord.Columns.packId == packId).fetchAll(db)
/// ```
package struct LocalAssetRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "local_asset"
    package static let capitalizedWords = ["URL"]

    package var id: String
    package var packId: String
    package var remoteURL: String
    package var localPath: String?
    package var etag: String?
    package var sha256: String?
    package var bytesTotal: Int64?
    package var createdAt: String

    package enum Columns {
        package static let id = Column("id")
        package static let packId = Column("pack_id")
        package static let remoteURL = Column("remote_url")
        package static let localPath = Column("local_path")
        package static let etag = Column("etag")
        package static let sha256 = Column("sha256")
        package static let bytesTotal = Column("bytes_total")
        package static let createdAt = Column("created_at")
    }
}

extension LocalAssetRecord {
    /// The item whose take 0 this asset plays (`item_local_audio.asset_id`).
    static let itemAudio = hasMany(ItemLocalAudioRecord.self)
    /// The takes this asset is the recording of (`item_take.asset_id`).
    static let takes = hasMany(ItemTakeRecord.self)
}

extension DerivableRequest<LocalAssetRecord> {
    /// The assets of one pack.
    package func forPack(_ packId: String) -> Self { filter(LocalAssetRecord.Columns.packId == packId) }

    /// Assets with an installed file (a local path).
    package func installed() -> Self { filter(LocalAssetRecord.Columns.localPath != nil) }

    /// All but the assets named by `ids`.
    package func excluding(ids: [String]) -> Self { filter(!ids.contains(LocalAssetRecord.Columns.id)) }

    /// The asset that plays item `itemID` (its `item_local_audio` row).
    package func playing(itemID: String) -> Self {
        joining(required: LocalAssetRecord.itemAudio.filter(ItemLocalAudioRecord.Columns.itemId == itemID))
    }

    /// The asset of take `take` of item `itemID`.
    package func recording(take: Int, of itemID: String) -> Self {
        joining(
            required: LocalAssetRecord.takes.filter(
                ItemTakeRecord.Columns.itemId == itemID && ItemTakeRecord.Columns.take == take))
    }
}
