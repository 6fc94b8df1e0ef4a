import GRDB

/// A row of `local_asset`: one audio file of a pack; `localPath` is relative to the data root
/// (`AudioAssets/<packId>/<assetId>.<ext>`) and survives catalog updates.
///
/// ```swift
/// let assets = try LocalAssetRecord.filter(LocalAssetRecord.Columns.packId == packId).fetchAll(db)
/// ```
public struct LocalAssetRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "local_asset"

    public var id: String
    public var packId: String
    public var remoteURL: String
    public var localPath: String?
    public var etag: String?
    public var sha256: String?
    public var bytesTotal: Int64?
    public var createdAt: String

    public enum CodingKeys: String, CodingKey {
        case id, packId = "pack_id", remoteURL = "remote_url", localPath = "local_path", etag, sha256
        case bytesTotal = "bytes_total", createdAt = "created_at"
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let packId = Column(CodingKeys.packId)
        public static let remoteURL = Column(CodingKeys.remoteURL)
        public static let localPath = Column(CodingKeys.localPath)
        public static let etag = Column(CodingKeys.etag)
        public static let sha256 = Column(CodingKeys.sha256)
        public static let bytesTotal = Column(CodingKeys.bytesTotal)
        public static let createdAt = Column(CodingKeys.createdAt)
    }
}
