import GRDB

/// A row of `pack_state`: download state and progress of one pack. The importer creates it as
/// `not_downloaded`; only the installer changes it afterwards.
///
/// ```swift
/// var state = try PackStateRecord.fetchOne(db, key: packId)
/// state?.state == PackStateRecord.State.downloaded.rawValue
/// ```
public struct PackStateRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "pack_state"

    /// The values the CHECK constraint allows.
    public enum State: String, Sendable, Codable, CaseIterable {
        case notDownloaded = "not_downloaded", downloading, downloaded, failed
    }

    public var packId: String
    public var state: String
    public var bytesTotal: Int64?
    public var bytesDownloaded: Int64?
    public var installedVersion: Int?
    public var lastError: String?
    public var updatedAt: String

    public enum CodingKeys: String, CodingKey {
        case packId = "pack_id", state, bytesTotal = "bytes_total", bytesDownloaded = "bytes_downloaded"
        case installedVersion = "installed_version", lastError = "last_error", updatedAt = "updated_at"
    }

    public enum Columns {
        public static let packId = Column(CodingKeys.packId)
        public static let state = Column(CodingKeys.state)
        public static let bytesTotal = Column(CodingKeys.bytesTotal)
        public static let bytesDownloaded = Column(CodingKeys.bytesDownloaded)
        public static let installedVersion = Column(CodingKeys.installedVersion)
        public static let lastError = Column(CodingKeys.lastError)
        public static let updatedAt = Column(CodingKeys.updatedAt)
    }
}
