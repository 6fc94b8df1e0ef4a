import GRDB

/// The single row of `catalog_state`: where the catalog lives, the trusted key, what was last
/// imported, and a generation counter bumped by every write that changes tags or visibility
/// (it stamps the persisted facet index).
///
/// ```swift
/// let state = try CatalogStateRecord.current(db)
/// state.catalogVersion   // 7
/// ```
package struct CatalogStateRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "catalog_state"
    package static let capitalizedWords = ["SHA256"]

    package var id: Int64 = 1
    package var catalogLocation: String?
    /// Base64 of the raw Ed25519 package key trusted for this data root.
    package var trustedPublicKey: String?
    /// The exact text of the newest root of trust this data root reached (it replaces the key).
    package var trustedRoot: String?
    package var catalogVersion: Int?
    package var seedSHA256: String?
    package var lastSyncAt: String?
    package var dataGeneration: Int64
    /// SHA-256 of the last catalog.json imported (its signature is not fetched again while it stays).
    package var catalogSHA256: String?
    /// The validators the server sent with that catalog.json.
    package var catalogEtag: String?
    package var catalogLastModified: String?
    /// The schema of the catalog last imported (1: one seed; 2: index, shards and deltas).
    package var schemaVersion: Int?
    /// The `expires` of that catalog.json.
    package var catalogExpires: String?

    package enum Columns {
        package static let catalogLocation = Column("catalog_location")
        package static let trustedPublicKey = Column("trusted_public_key")
        package static let trustedRoot = Column("trusted_root")
        package static let catalogVersion = Column("catalog_version")
        package static let seedSHA256 = Column("seed_sha256")
        package static let lastSyncAt = Column("last_sync_at")
        package static let dataGeneration = Column("data_generation")
        package static let catalogSHA256 = Column("catalog_sha256")
        package static let catalogEtag = Column("catalog_etag")
        package static let catalogLastModified = Column("catalog_last_modified")
        package static let schemaVersion = Column("schema_version")
        package static let catalogExpires = Column("catalog_expires")
    }

    /// The row (the migration creates it, so it always exists).
    package static func current(_ db: Database) throws -> CatalogStateRecord {
        try fetchOne(db, key: 1) ?? CatalogStateRecord(dataGeneration: 0)
    }

    /// The validators to send for catalog.json.
    package var catalogValidators: DocumentValidators? {
        let validators = DocumentValidators(etag: catalogEtag, lastModified: catalogLastModified)
        return validators.isEmpty ? nil : validators
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
