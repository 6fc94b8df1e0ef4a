import GRDB

/// A row of `pack`: one downloadable atmosphere or sfx pack (the version the catalog lists).
///
/// ```swift
/// let pack = try PackRecord.filter(PackRecord.Columns.slug == "dungeon-delve").fetchOne(db)
/// ```
public struct PackRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "pack"

    public var id: String
    public var kind: String
    public var title: String
    public var description: String?
    public var artworkURL: String?
    public var version: Int
    public var manifestURL: String
    public var createdAt: String
    /// Client extension: the catalog's slug (unique).
    public var slug: String?
    /// Client extension: whether the current catalog still lists the pack.
    public var isVisible: Bool

    public enum CodingKeys: String, CodingKey {
        case id, kind, title, description, version, slug
        case artworkURL = "artwork_url", manifestURL = "manifest_url", createdAt = "created_at"
        case isVisible = "is_visible"
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let kind = Column(CodingKeys.kind)
        public static let title = Column(CodingKeys.title)
        public static let description = Column(CodingKeys.description)
        public static let artworkURL = Column(CodingKeys.artworkURL)
        public static let version = Column(CodingKeys.version)
        public static let manifestURL = Column(CodingKeys.manifestURL)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let slug = Column(CodingKeys.slug)
        public static let isVisible = Column(CodingKeys.isVisible)
    }
}
