/// A cursor that cannot be used.
///
/// ```swift
/// do { _ = try await library.favorites.fetchFavorites(page: PageRequest(limit: 10, after: PageCursor("x"))) }
/// catch let error as PagingError { print(error.description) }
/// ```
public enum PagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a cursor this library wrote: damaged, altered, or from another data root.
    case invalidCursor(String)
    /// A cursor of another list or query (another kind, filter, sort or search).
    case foreignCursor(String, expected: String)

    public var description: String {
        switch self {
        case .invalidCursor(let cursor):
            return
                "'\(Self.short(cursor))' is not a cursor of this library (damaged, altered or from another data root)"
        case .foreignCursor(let cursor, let expected):
            return "cursor '\(Self.short(cursor))' belongs to another query, not to this \(expected)"
        }
    }

    private static func short(_ text: String) -> String { text.count > 40 ? String(text.prefix(37)) + "..." : text }
}
