/// One page of a list, the number of rows in the whole list, and the cursor of the next page.
///
/// ```swift
/// var request = PageRequest(limit: 50)
/// let first = try await library.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title, page: request)
/// request.after = first.nextCursor          // nil on the last page
/// ```
public struct Page<Element: Sendable & Hashable>: Sendable, Hashable {
    /// Every matching row, not just this page.
    public var total: Int
    /// The rows of this page, in order.
    public var items: [Element]
    /// Where the next page starts; nil when this page is the last.
    public var nextCursor: PageCursor?

    /// A page of `items` out of `total`, continued after `nextCursor` when there is one.
    public init(total: Int, items: [Element], nextCursor: PageCursor? = nil) {
        self.total = total
        self.items = items
        self.nextCursor = nextCursor
    }

    /// Whether rows follow this page.
    public var hasMore: Bool { nextCursor != nil }
}

extension PageRequest {
    /// A keyset page: at most `limit` rows after the row `after` names (nil: from the start).
    ///
    /// ```swift
    /// let next = PageRequest(limit: 50, after: previous.nextCursor)
    /// ```
    public init(limit: Int?, after: PageCursor?) {
        self.init(limit: limit)
        self.after = after
    }
}

/// How far an app has loaded a paged list (what a view keeps between pages).
///
/// ```swift
/// var state = PaginationState()
/// while state.hasMore {
///     let page = try await library.favorites.fetchFavorites(page: state.nextRequest(limit: 50))
///     state.record(page)
/// }
/// ```
public struct PaginationState: Sendable, Hashable {
    /// Rows loaded so far.
    public var loaded = 0
    /// Whether another page may follow (true before the first page).
    public var hasMore = true
    /// The cursor of the next page (nil before the first page and after the last).
    public var next: PageCursor?
    /// Rows in the whole list, as the last page said.
    public var total = 0

    /// The state before the first page: nothing loaded, more to come.
    public init() {}

    /// The request for the next page.
    public func nextRequest(limit: Int) -> PageRequest { PageRequest(limit: limit, after: next) }

    /// Takes a page in.
    public mutating func record<Element>(_ page: Page<Element>) {
        loaded += page.items.count
        hasMore = page.hasMore
        next = page.nextCursor
        total = page.total
    }
}
