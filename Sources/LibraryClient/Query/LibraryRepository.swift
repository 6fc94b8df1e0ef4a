import CatalogFormat
import Foundation
import GRDB

/// Browsing, item detail and full-text search. Only visible items are listed.
///
/// ```swift
/// var filters = Filters()
/// filters.locationIDs = [forest.id, swamp.id]
/// let rows = try await library.items.fetchItems(kind: .sfx, filters: filters, sort: .title)
/// let hits = try await library.items.fetchItems(matching: "drag")
/// ```
public struct LibraryRepository: Sendable {
    let context: LibraryContext

    /// Every visible item of `kind` matching `filters`, ordered by `sort`.
    public func fetchItems(kind: Kind, filters: Filters = Filters(), sort: ItemSort = .title) async throws
        -> [LibraryItemRow]
    {
        try await fetchItems(kind: kind, filters: filters, sort: sort, page: .all).items
    }

    /// One page of the visible items of `kind` matching `filters`, with the total number of matches.
    public func fetchItems(
        kind: Kind, filters: Filters = Filters(), sort: ItemSort = .title, page: PageRequest
    ) async throws -> ItemPage {
        try await context.engine().page(kind: kind, filters: filters, sort: sort, page: page)
    }

    /// The item with `itemID` (either case), hidden ones included; throws
    /// ``LibraryClientError/itemNotFound(_:)``.
    public func fetchItemDetail(itemID: String) async throws -> ItemDetail {
        let id = CanonicalID.parse(itemID) ?? itemID.lowercased()
        let paths = context.paths
        let detail: ItemDetail? = try await context.database.read { db in
            // Raw SQL: the item row's columns and joins are LibraryItemRow's, plus the music ref and take-0 loopability.
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT \(LibraryItemRow.columns), li.artwork_url AS artwork_url, mr.apple_music_playlist_id AS apple_music_playlist_id,
                          li.ucs AS ucs,
                          (SELECT loopable FROM item_local_audio WHERE item_id = li.id) AS installed_loopable
                        FROM library_item li \(LibraryItemRow.joins)
                        LEFT JOIN music_playlist_ref mr ON mr.item_id = li.id
                        WHERE li.id = ?
                        """, arguments: [id])
            else { return nil }
            let item = try LibraryItemRow(row: row, paths: paths)
            var tags: [TagDimension: [TagValue]] = [:]
            let values = try DimensionValueCatalog(db)
            for dim in item.kind.dimensions {
                let ids = try Table(dim.joinTable).filter(Column("item_id") == id)
                    .select(Column(dim.joinColumn), as: Int64.self).fetchAll(db)
                tags[dim] = ids.compactMap { values.value($0, in: dim) }.sorted(by: DimensionValueCatalog.displayOrder)
                    .map { TagValue(id: $0.id, name: $0.name) }
            }
            let pack = try item.packID.flatMap { try PackWithState.fetchOne(db, id: $0) }
            var detail = ItemDetail(
                item: item, artworkURL: row["artwork_url"], isVisible: item.isVisible, tags: tags,
                pack: pack, appleMusicPlaylistID: row["apple_music_playlist_id"],
                isLoopable: (row["installed_loopable"] as Bool?) ?? false,
                sound: try ItemSoundRecord.fetchOne(db, key: id)?.sound,
                loudnessTargets: try LoudnessTargetRecord.targets(db))
            detail.takes = try ItemTake.fetchAll(db, itemID: id, count: item.takeCount, kind: item.kind, paths: paths)
            // A take whose file is gone makes the item unplayable as authored: repair the pack.
            if detail.item.availability == .available, detail.takes.contains(where: { !$0.isInstalled }) {
                detail.item.availability = .fileMissing
            }
            detail.attribution = try ItemAttributionRecord.fetchOne(db, key: id)?.attribution ?? Attribution()
            detail.ucs = row["ucs"]
            return detail
        }
        guard let detail else { throw LibraryClientError.itemNotFound(itemID) }
        return detail
    }

    /// Full-text search over title, subtitle and pack title: every word of `query` must match
    /// the start of a word, ignoring case and diacritics, or be a synonym (or category word) in
    /// the Universal Category System list of the item's CatID ("barn" finds `DOORWood` items).
    /// Items whose title holds every word first, then by title.
    public func fetchItems(matching query: String, kind: Kind? = nil, filters: Filters = Filters()) async throws
        -> [LibraryItemRow]
    {
        try await fetchItems(matching: query, kind: kind, filters: filters, page: .all).items
    }

    /// A page of search results with the number of all matches.
    public func fetchItems(
        matching query: String, kind: Kind? = nil, filters: Filters = Filters(), page: PageRequest
    ) async throws
        -> ItemPage
    {
        guard Self.prefixPattern(query) != nil else { throw LibraryClientError.emptySearch }
        let paths = context.paths
        return try await context.database.read { db in
            guard let pattern = try SearchPattern(query: query, db) else { throw LibraryClientError.emptySearch }
            return try SearchPaging.page(kind: kind, pattern: pattern, filters: filters, page: page, paths: paths, db)
        }
    }

    /// `"word1"* "word2"*`: each run of letters and digits quoted (so user text can never be
    /// read as FTS5 syntax) and matched as a prefix; nil when the query has no words.
    static func prefixPattern(_ query: String) -> String? {
        let words = query.split { !($0.isLetter || $0.isNumber) }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
