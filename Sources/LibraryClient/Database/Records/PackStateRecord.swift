import GRDB

/// A row of `pack_state`: download state and progress of one pack. The importer creates it as
/// `not_downloaded`; only the installer changes it afterwards.
///
/// ```swift
/// var state = try PackStateRecord.fetchOne(db, key: packId)
/// state?.state == PackState.downloaded.rawValue
/// ```
package struct PackStateRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "pack_state"

    /// The values the CHECK constraint allows.
    package typealias State = PackState

    package var packId: String
    package var state: String
    package var bytesTotal: Int64?
    package var bytesDownloaded: Int64?
    package var installedVersion: Int?
    package var lastError: String?
    package var updatedAt: String

    package enum Columns {
        package static let packId = Column("pack_id")
        package static let state = Column("state")
        package static let bytesTotal = Column("bytes_total")
        package static let bytesDownloaded = Column("bytes_downloaded")
        package static let installedVersion = Column("installed_version")
        package static let lastError = Column("last_error")
        package static let updatedAt = Column("updated_at")
    }
}

extension PackStateRecord {
    /// A row for `packId` in `state`, with no progress, version or error.
    init(packId: String, state: PackState, updatedAt: String) {
        self.init(
            packId: packId, state: state.rawValue, bytesTotal: nil, bytesDownloaded: nil, installedVersion: nil,
            lastError: nil, updatedAt: updatedAt)
    }
}

extension DerivableRequest<PackStateRecord> {
    /// Packs in `state`.
    package func filter(state: PackState) -> Self { filter(PackStateRecord.Columns.state == state.rawValue) }
}
