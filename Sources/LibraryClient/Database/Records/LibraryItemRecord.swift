import GRDB

/// A row of `library_item`: every browsable entry (music playlist, atmosphere, sound effect).
///
/// ```swift
/// let visible = try LibraryItemRecord.all().visible().filter(kind: .sfx).fetchAll(db)
/// ```
package struct LibraryItemRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "library_item"
    package static let capitalizedWords = ["URL"]

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
    /// The item's Universal Category System CatID (`DOORWood`), from the seed's `"ucs"`.
    package var ucs: String?

    package enum Columns {
        package static let id = Column("id")
        package static let kind = Column("kind")
        package static let title = Column("title")
        package static let subtitle = Column("subtitle")
        package static let duration = Column("duration")
        package static let artworkURL = Column("artwork_url")
        package static let isVisible = Column("is_visible")
        package static let createdAt = Column("created_at")
        package static let updatedAt = Column("updated_at")
        package static let itemNumber = Column("item_number")
        package static let ucs = Column("ucs")
    }
}

extension DerivableRequest<LibraryItemRecord> {
    /// Only items the current catalog lists.
    package func visible() -> Self { filter(LibraryItemRecord.Columns.isVisible == true) }

    /// Items of one kind (`music`, `atmosphere`, `sfx`).
    package func filter(kindName: String) -> Self { filter(LibraryItemRecord.Columns.kind == kindName) }
}
