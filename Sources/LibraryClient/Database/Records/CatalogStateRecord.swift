import GRDB

/// The single row of `catalog_state`: where the catalog lives, the trusted key, what was last
/// imported, and a generation counter bumped by every write that changes tags or visibility
/// (it stamps the persisted facet index).
///
/// ```swift
/// let state = try CatalogStateRecord.current(db)
/// state.catalogVersion   // 7
/// ```
package struct CatalogStateRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "catalog_state"

    package var id: Int64 = 1
    package var catalogLocation: String?
    /// Base64 of the raw Ed25519 package key trusted for this data root.
    package var trustedPublicKey: String?
    package var catalogVersion: Int?
    package var seedSHA256: String?
    package var lastSyncAt: String?
    package var dataGeneration: Int64

    package enum CodingKeys: String, CodingKey {
        case id
        case catalogLocation = "catalog_location"
        case trustedPublicKey = "trusted_public_key"
        case catalogVersion = "catalog_version"
        case seedSHA256 = "seed_sha256"
        case lastSyncAt = "last_sync_at"
        case dataGeneration = "data_generation"
    }

    package enum Columns {
        package static let catalogLocation = Column(CodingKeys.catalogLocation)
        package static let trustedPublicKey = Column(CodingKeys.trustedPublicKey)
        package static let catalogVersion = Column(CodingKeys.catalogVersion)
        package static let seedSHA256 = Column(CodingKeys.seedSHA256)
        package static let lastSyncAt = Column(CodingKeys.lastSyncAt)
        package static let dataGeneration = Column(CodingKeys.dataGeneration)
    }

    /// The row (the migration creates it, so it always exists).
    package static func current(_ db: Database) throws -> CatalogStateRecord {
        try fetchOne(db, key: 1) ?? CatalogStateRecord(dataGeneration: 0)
    }

    /// Bumps `data_generation`; call inside any transaction that changes item tags or visibility,
    /// so a persisted facet index stamped with the old generation is known to be stale.
    @discardableResult
    package static func bumpGeneration(_ db: Database) throws -> Int64 {
        let row = filter(key: 1)
        _ = try row.updateAll(db, Columns.dataGeneration.set(to: Columns.dataGeneration + 1))
        return try row.select(Columns.dataGeneration, as: Int64.self).fetchOne(db) ?? 0
    }
}
