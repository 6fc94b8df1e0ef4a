import GRDB

/// A row of `library_item`: every browsable entry (music playlist, atmosphere, sound effect).
///
/// ```swift
/// let visible = try LibraryItemRecord.all().visible().filter(kind: .sfx).fetchAll(db)
/// ```
public struct LibraryItemRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "library_item"

    public var id: String
    public var kind: String
    public var title: String
    public var subtitle: String?
    public var duration: Double?
    public var artworkURL: String?
    public var isVisible: Bool
    public var createdAt: String
    public var updatedAt: String
    /// Client extension: the dense number the facet index and search table key on.
    public var itemNumber: Int64?

    public enum CodingKeys: String, CodingKey {
        case id, kind, title, subtitle, duration
        case artworkURL = "artwork_url", isVisible = "is_visible", createdAt = "created_at"
        case updatedAt = "updated_at", itemNumber = "item_number"
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let kind = Column(CodingKeys.kind)
        public static let title = Column(CodingKeys.title)
        public static let subtitle = Column(CodingKeys.subtitle)
        public static let duration = Column(CodingKeys.duration)
        public static let artworkURL = Column(CodingKeys.artworkURL)
        public static let isVisible = Column(CodingKeys.isVisible)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let updatedAt = Column(CodingKeys.updatedAt)
        public static let itemNumber = Column(CodingKeys.itemNumber)
    }
}

extension DerivableRequest<LibraryItemRecord> {
    /// Only items the current catalog lists.
    public func visible() -> Self { filter(LibraryItemRecord.Columns.isVisible == true) }

    /// Items of one kind (`music`, `atmosphere`, `sfx`).
    public func filter(kindName: String) -> Self { filter(LibraryItemRecord.Columns.kind == kindName) }
}
