import GRDB

/// A row of `library_item`: every browsable entry (music playlist, atmosphere, sound effect).
///
/// ```swift
/// let visible = try LibraryItemRecord.all().visible().filter(kind: .sfx).fetchAll(db)
/// ```
package struct LibraryItemRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "library_item"

    package var id: String
    package var kind: String
    package var title: String
    package var subtitle: String?
    package var duration: Double?
    package var artworkURL: String?
    package var isVisible: Bool
    package var createdAt: String
    package var updatedAt: String
    /// Client extension: the dense number the facet index and search table key on.
    package var itemNumber: Int64?

    package enum CodingKeys: String, CodingKey {
        case id, kind, title, subtitle, duration
        case artworkURL = "artwork_url"
        case isVisible = "is_visible"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case itemNumber = "item_number"
    }

    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let kind = Column(CodingKeys.kind)
        package static let title = Column(CodingKeys.title)
        package static let subtitle = Column(CodingKeys.subtitle)
        package static let duration = Column(CodingKeys.duration)
        package static let artworkURL = Column(CodingKeys.artworkURL)
        package static let isVisible = Column(CodingKeys.isVisible)
        package static let createdAt = Column(CodingKeys.createdAt)
        package static let updatedAt = Column(CodingKeys.updatedAt)
        package static let itemNumber = Column(CodingKeys.itemNumber)
    }
}

extension DerivableRequest<LibraryItemRecord> {
    /// Only items the current catalog lists.
    package func visible() -> Self { filter(LibraryItemRecord.Columns.isVisible == true) }

    /// Items of one kind (`music`, `atmosphere`, `sfx`).
    package func filter(kindName: String) -> Self { filter(LibraryItemRecord.Columns.kind == kindName) }
}
