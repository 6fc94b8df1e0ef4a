/// The orders a list can have.
///
/// ```swift
/// try await library.items.fetchItems(kind: .sfx, filters: Filters(), sort: .duration)
/// ```
public enum ItemSort: String, Sendable, Hashable, Codable, CaseIterable {
    /// By title (case-insensitive), then id.
    case title
    /// Shortest first, unknown durations last, then by title.
    case duration
    /// Newest first (by when the item was first imported).
    case recent

    /// The SQL `ORDER BY` over `library_item li`; the facet index ranks items with the same order.
    var orderSQL: String {
        switch self {
        case .title: "li.title COLLATE NOCASE, li.id"
        case .duration: "li.duration IS NULL, li.duration, li.title COLLATE NOCASE, li.id"
        case .recent: "li.created_at DESC, li.item_number DESC"
        }
    }
}

/// A page of a list: at most `limit` rows after skipping `offset`.
///
/// ```swift
/// let page = PageRequest(limit: 50, offset: 100)
/// ```
public struct PageRequest: Sendable, Hashable {
    /// nil means every row.
    public var limit: Int?
    /// How many items to skip first.
    public var offset: Int
    /// Start after the row this cursor names (a previous page's `nextCursor`); `offset` then
    /// skips rows after it.
    public var after: PageCursor?

    /// A page of at most `limit` items (nil: all) after skipping `offset`.
    public init(limit: Int? = nil, offset: Int = 0) {
        self.limit = limit.map { max(0, $0) }
        self.offset = max(0, offset)
    }

    /// Every item, no offset.
    public static let all = PageRequest()
}

/// One page of items and how many match in all (see ``Page``).
public typealias ItemPage = Page<LibraryItemRow>
