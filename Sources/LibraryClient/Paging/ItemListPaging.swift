import CatalogFormat
import FacetEngine
import GRDB

/// Keyset pages of `list` (one kind, filters, a sort), answered alike by both query engines:
/// plain SQL here, the facet index in `FacetIndexStore+Keyset.swift`.
enum ItemListPaging {
    /// What a list cursor belongs to.
    static func query(kind: Kind, filters: Filters, sort: ItemSort) -> PagedQuery {
        PagedQuery(
            name: "list of \(kind.rawValue) items by \(sort.rawValue)",
            parts: ["list", kind.rawValue, sort.rawValue, canonical(filters)])
    }

    /// `location=1,4;mood=9`: the selected ids per dimension, sorted and deduplicated.
    static func canonical(_ filters: Filters) -> String {
        filters.activeDimensions.map { dim in
            "\(dim.rawValue)=" + Set(filters[dim]).sorted().map(String.init).joined(separator: ",")
        }.joined(separator: ";")
    }

    static func sqlPage(
        kind: Kind, filters: Filters, sort: ItemSort, page: PageRequest, paths: LibraryPaths,
        _ db: Database
    ) throws -> ItemPage {
        let fragment = FilterSQL.visible(kind: kind, filters)
        // Raw SQL: the filters are FilterSQL fragments (EXISTS over the dimension join tables), shared with the facet counts.
        let total =
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM library_item li WHERE \(fragment.sql.joined(separator: " AND "))",
                arguments: fragment.arguments) ?? 0
        let pager = KeysetPager(
            order: sort.keyset, query: query(kind: kind, filters: filters, sort: sort), codec: try CursorCodec(db))
        return try pager.page(
            db, select: LibraryItemRow.columns, from: "library_item li \(LibraryItemRow.joins)",
            conditions: fragment.sql, arguments: fragment.arguments, orderBy: sort.orderSQL,
            request: page, total: total
        ) { try LibraryItemRow(row: $0, paths: paths) }
    }
}

extension ItemRanking {
    /// The position in ``order`` of the first row after the cursor's `keys` (binary search; each
    /// probe compares one row with the cursor in SQL, so collations are SQLite's own).
    func firstPosition(after keys: [DatabaseValue], _ keyset: KeysetOrder, _ db: Database) throws -> Int {
        // Raw SQL: the keyset condition is built from the sort's SQL expressions.
        let probe = try db.cachedStatement(
            sql: "SELECT \(keyset.afterCondition) FROM library_item li WHERE li.item_number = ?")
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            let isAfter =
                try Bool.fetchOne(probe, arguments: StatementArguments(keys + [Int64(order[middle]).databaseValue]))
                ?? false
            if isAfter { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The item numbers of `matches` at positions `start...` of the order, `offset` skipped, at
    /// most `limit`, in display order. Few matches are sorted by rank once the rank table is worth
    /// building; otherwise the order is walked, which stops once the page is full.
    func page(of matches: Bitset, count: Int, from start: Int, offset: Int, limit: Int?) -> [UInt32] {
        if limit == nil || count * 16 < order.count, let rank = rankIfWorthIt {
            func rankOf(_ number: UInt32) -> Int { Int(number) < rank.count ? Int(rank[Int(number)]) : Int(Int32.max) }
            let sorted = matches.elements().filter { rankOf($0) >= start }.sorted { rankOf($0) < rankOf($1) }
            let low = min(offset, sorted.count)
            let high = limit.map { min(low + $0, sorted.count) } ?? sorted.count
            return Array(sorted[low..<high])
        }
        var result: [UInt32] = []
        var seen = 0
        for number in order[min(start, order.count)...] where matches.contains(number) {
            if seen >= offset { result.append(number) }
            seen += 1
            if let limit, result.count >= limit { break }
        }
        return result
    }

    /// The cursor values of the row with item number `number`.
    static func keys(of number: UInt32, _ keyset: KeysetOrder, _ db: Database) throws -> [DatabaseValue] {
        // Raw SQL: the keyset values are the sort's SQL expressions.
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(keyset.valueColumns) FROM library_item li WHERE li.item_number = ?",
                arguments: [Int64(number)])
        else { return [] }
        return keyset.keys(from: row)
    }
}
