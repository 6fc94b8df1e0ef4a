/// An opaque, URL-safe position in a paged list: the sort key and id of the last row of a page,
/// the query it belongs to, and a signature of this data root. Pass it back unchanged as
/// ``PageRequest/after``; a changed cursor, or one of another query or data root, is refused with
/// a ``PagingError``.
///
/// ```swift
/// let page = try await library.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title,
///                                                page: PageRequest(limit: 20))
/// if let cursor = page.nextCursor { print(cursor.string) }   // e.g. for `client list --after`
/// ```
public struct PageCursor: Sendable, Hashable, CustomStringConvertible {
    /// The cursor's text (base64url, no padding).
    public let string: String

    /// A cursor given back by a user or an app (checked when used).
    public init(_ string: String) { self.string = string }

    public var description: String { string }
}
