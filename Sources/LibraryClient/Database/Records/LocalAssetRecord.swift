import GRDB

/// A row of `local_asset`: one audio file of a pack; `localPath` is relative to the data root
/// (`AudioAssets/<packId>/<assetId>.<ext>`) and survives catalog updates.
///
/// ```swift
/// let assets = try LocalAssetRecord.filter(LocalAssetRecord.Columns.packId == packId).fetchAll(db)
/// ```
package struct LocalAssetRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "local_asset"

    package var id: String
    package var packId: String
    package var remoteURL: String
    package var localPath: String?
    package var etag: String?
    package var sha256: String?
    package var bytesTotal: Int64?
    package var createdAt: String

    package enum CodingKeys: String, CodingKey {
        case id
        case packId = "pack_id"
        case remoteURL = "remote_url"
        case localPath = "local_path"
        case etag, sha256
        case bytesTotal = "bytes_total"
        case createdAt = "created_at"
    }

    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let packId = Column(CodingKeys.packId)
        package static let remoteURL = Column(CodingKeys.remoteURL)
        package static let localPath = Column(CodingKeys.localPath)
        package static let etag = Column(CodingKeys.etag)
        package static let sha256 = Column(CodingKeys.sha256)
        package static let bytesTotal = Column(CodingKeys.bytesTotal)
        package static let createdAt = Column(CodingKeys.createdAt)
    }
}
