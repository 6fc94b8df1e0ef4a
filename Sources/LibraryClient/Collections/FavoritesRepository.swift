import CatalogFormat
import Foundation
import GRDB

/// The user's favorite items, newest first. Favoriting is idempotent (a favorite keeps its first
/// time); an item the catalog later hides stays a favorite, listed as not available.
///
/// ```swift
/// try await library.favorites.favorite(itemID: id)
/// let page = try await library.favorites.fetchFavorites(page: PageRequest(limit: 50))
/// page.items.first?.isFavorite   // true
/// try await library.favorites.unfavorite(itemID: id)
/// ```
public struct FavoritesRepository: Sendable {
    let context: LibraryContext

    /// Marks the item a favorite; returns false when it already was one (nothing changes then).
    @discardableResult
    public func favorite(itemID: String) async throws -> Bool {
        let id = Self.canonical(itemID)
        return try await context.database.write { db in
            try Self.requireItem(id, db)
            if try FavoriteRecord.exists(db, key: id) { return false }
            let next =
                (try FavoriteRecord.select(max(FavoriteRecord.Columns.sequence), as: Int64.self).fetchOne(db) ?? 0) + 1
            try FavoriteRecord(itemID: id, favoritedAt: Timestamp.now(), sequence: next).insert(db)
            return true
        }
    }

    /// Removes the item from the favorites; returns false when it was not one (nothing changes then).
    @discardableResult
    public func unfavorite(itemID: String) async throws -> Bool {
        let id = Self.canonical(itemID)
        return try await context.database.write { db in
            try Self.requireItem(id, db)
            return try FavoriteRecord.deleteOne(db, key: id)
        }
    }

    /// Whether the item is a favorite.
    public func isFavorite(itemID: String) async throws -> Bool {
        let id = Self.canonical(itemID)
        return try await context.database.read { db in try FavoriteRecord.exists(db, key: id) }
    }

    /// A page of the favorites, newest first, hidden items included (`isVisible == false`).
    public func fetchFavorites(page: PageRequest) async throws -> Page<LibraryItemRow> {
        let paths = context.paths
        return try await context.database.read { db in try Self.page(page, paths: paths, db) }
    }

    static let query = PagedQuery(name: "favorites list", parts: ["favorites"])
    static let keyset = KeysetOrder(compared: ["f.sequence"], values: ["f.sequence"], descending: true)

    static func page(_ page: PageRequest, paths: LibraryPaths, _ db: Database) throws -> Page<LibraryItemRow> {
        let total = try FavoriteRecord.fetchCount(db)
        let pager = KeysetPager(order: keyset, query: query, codec: try CursorCodec(db))
        // Raw SQL: the keyset pager every item list shares, over LibraryItemRow's columns and joins.
        return try pager.page(
            db, select: LibraryItemRow.columns,
            from: "favorite f JOIN library_item li ON li.id = f.item_id \(LibraryItemRow.joins)",
            conditions: [], arguments: [], orderBy: "f.sequence DESC", request: page, total: total
        ) {
            try LibraryItemRow(row: $0, paths: paths)
        }
    }

    /// The canonical (lowercase) spelling of an item id given in either case.
    static func canonical(_ itemID: String) -> String {
        CanonicalID.parse(itemID) ?? itemID.trimmingCharacters(in: .whitespaces).lowercased()
    }

    static func requireItem(_ id: String, _ db: Database) throws {
        guard try LibraryItemRecord.exists(db, key: id) else { throw CollectionsError.itemNotFound(id) }
    }
}
