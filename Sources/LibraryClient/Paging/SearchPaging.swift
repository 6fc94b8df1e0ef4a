import CatalogFormat
import GRDB

/// Keyset pages of a full-text search. Best matches first by a rank that depends only on the row
/// itself — items whose title holds every word, then the others — then title and id, so pages stay
/// stable while a sync changes other rows (FTS5's bm25 score would move with every new row).
enum SearchPaging {
    static let keyset = KeysetOrder(
        compared: ["hit.search_tier", "hit.title COLLATE NOCASE", "hit.id"],
        values: ["hit.search_tier", "hit.title", "hit.id"])
    static let orderSQL = "hit.search_tier, hit.title COLLATE NOCASE, hit.id"

    static func query(kind: Kind?, pattern: SearchPattern, filters: Filters) -> PagedQuery {
        PagedQuery(
            name: "search", parts: ["search", kind?.rawValue ?? "*", pattern.match, ItemListPaging.canonical(filters)])
    }

    /// `pattern` is the FTS5 pattern of the words and their UCS synonyms (``SearchPattern``).
    static func page(
        kind: Kind?, pattern: SearchPattern, filters: Filters, page: PageRequest, paths: LibraryPaths,
        _ db: Database
    ) throws -> ItemPage {
        var fragment = FilterSQL.conditions(filters)
        fragment.sql.insert("li.is_visible = 1", at: 0)
        if let kind {
            fragment.sql.append("li.kind = ?")
            _ = fragment.arguments.append(contentsOf: [kind.rawValue])
        }
        var countArguments: StatementArguments = [pattern.match]
        _ = countArguments.append(contentsOf: fragment.arguments)
        // Raw SQL: FTS5 MATCH joined to the item rows, title matches first (a rank independent of bm25).
        let total =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM library_item_search s JOIN library_item li ON li.item_number = s.rowid
                    WHERE library_item_search MATCH ?\(fragment.andClause)
                    """, arguments: countArguments) ?? 0
        var arguments: StatementArguments = ["title : (\(pattern.title))", pattern.match]
        _ = arguments.append(contentsOf: fragment.arguments)
        // Raw SQL: the FTS5 matches with their tier, paged by the keyset pager every item list shares.
        let hits = """
            (SELECT \(LibraryItemRow.columns),
                    CASE WHEN li.item_number IN (SELECT rowid FROM library_item_search WHERE library_item_search MATCH ?)
                         THEN 0 ELSE 1 END AS search_tier
             FROM library_item_search s JOIN library_item li ON li.item_number = s.rowid \(LibraryItemRow.joins)
             WHERE library_item_search MATCH ?\(fragment.andClause)) hit
            """
        let pager = KeysetPager(
            order: keyset, query: query(kind: kind, pattern: pattern, filters: filters), codec: try CursorCodec(db))
        return try pager.page(
            db, select: "hit.*", from: hits, conditions: [], arguments: arguments, orderBy: orderSQL,
            request: page, total: total
        ) { try LibraryItemRow(row: $0, paths: paths) }
    }
}
