import GRDB

/// The single row of `catalog_state`: where the catalog lives, the trusted key, what was last
/// imported, and a generation counter bumped by every write that changes tags or visibility
/// (it stamps the persisted facet index).
///
/// ```swift
/// let state = try CatalogStateRecord.current(db)
/// state.catalogVersion   // 7
/// ```
public struct CatalogStateRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "catalog_state"

    public var id: Int64 = 1
    public var catalogLocation: String?
    /// Base64 of the raw Ed25519 public key trusted for this data root.
    public var trustedPublicKey: String?
    public var catalogVersion: Int?
    public var seedSHA256: String?
    public var lastSyncAt: String?
    public var dataGeneration: Int64

    public enum CodingKeys: String, CodingKey {
        case id, catalogLocation = "catalog_location", trustedPublicKey = "trusted_public_key"
        case catalogVersion = "catalog_version", seedSHA256 = "seed_sha256", lastSyncAt = "last_sync_at"
        case dataGeneration = "data_generation"
    }

    public enum Columns {
        public static let catalogLocation = Column(CodingKeys.catalogLocation)
        public static let trustedPublicKey = Column(CodingKeys.trustedPublicKey)
        public static let catalogVersion = Column(CodingKeys.catalogVersion)
        public static let seedSHA256 = Column(CodingKeys.seedSHA256)
        public static let lastSyncAt = Column(CodingKeys.lastSyncAt)
        public static let dataGeneration = Column(CodingKeys.dataGeneration)
    }

    /// The row (the migration creates it, so it always exists).
    public static func current(_ db: Database) throws -> CatalogStateRecord {
        try fetchOne(db, key: 1) ?? CatalogStateRecord(dataGeneration: 0)
    }

    /// Bumps `data_generation`; call inside any transaction that changes item tags or visibility,
    /// so a persisted facet index stamped with the old generation is known to be stale.
    @discardableResult
    public static func bumpGeneration(_ db: Database) throws -> Int64 {
        try db.execute(sql: "UPDATE catalog_state SET data_generation = data_generation + 1 WHERE id = 1")
        return try Int64.fetchOne(db, sql: "SELECT data_generation FROM catalog_state WHERE id = 1") ?? 0
    }
}
