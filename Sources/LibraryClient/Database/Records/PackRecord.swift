import GRDB

/// A row of `pack`: one downloadable atmosphere or sfx pack (the version the catalog lists).
///
/// ```swift
/// let pack = try PackRecord.filter(PackRecord.Columns.slug == "dungeon-delve").fetchOne(db)
/// ```
package struct PackRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "pack"

    package var id: String
    package var kind: String
    package var title: String
    package var description: String?
    package var artworkURL: String?
    package var version: Int
    package var manifestURL: String
    package var createdAt: String
    /// Client extension: the catalog's slug (unique).
    package var slug: String?
    /// Client extension: whether the current catalog still lists the pack.
    package var isVisible: Bool

    package enum CodingKeys: String, CodingKey {
        case id, kind, title, description, version, slug
        case artworkURL = "artwork_url"
        case manifestURL = "manifest_url"
        case createdAt = "created_at"
        case isVisible = "is_visible"
    }

    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let kind = Column(CodingKeys.kind)
        package static let title = Column(CodingKeys.title)
        package static let description = Column(CodingKeys.description)
        package static let artworkURL = Column(CodingKeys.artworkURL)
        package static let version = Column(CodingKeys.version)
        package static let manifestURL = Column(CodingKeys.manifestURL)
        package static let createdAt = Column(CodingKeys.createdAt)
        package static let slug = Column(CodingKeys.slug)
        package static let isVisible = Column(CodingKeys.isVisible)
    }
}
