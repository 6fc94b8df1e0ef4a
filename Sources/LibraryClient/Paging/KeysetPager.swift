import GRDB

/// Runs one keyset page in SQL: the rows of `from` matching `conditions`, after the cursor (when
/// given), in `orderBy` (which must be the order ``KeysetOrder`` compares), `offset` more skipped,
/// one row more than `limit` fetched to learn whether another page follows.
///
/// ```swift
/// let pager = KeysetPager(order: ItemSort.title.keyset, query: query, codec: try CursorCodec(db))
/// let page = try pager.page(db, select: LibraryItemRow.columns, from: "library_item li", conditions: [],
///                           arguments: [], orderBy: ItemSort.title.orderSQL, request: request, total: total) { $0 }
/// ```
package struct KeysetPager: Sendable {
    package let order: KeysetOrder
    package let query: PagedQuery
    package let codec: CursorCodec

    package init(order: KeysetOrder, query: PagedQuery, codec: CursorCodec) {
        self.order = order
        self.query = query
        self.codec = codec
    }

    /// The cursor's stored values (nil without a cursor); throws ``PagingError``.
    package func position(_ request: PageRequest) throws -> [DatabaseValue]? {
        try request.after.map { try codec.decode($0, for: query, keyCount: order.values.count) }
    }

    package func page<T: Sendable & Hashable>(
        _ db: Database, select: String, from: String, conditions: [String], arguments: StatementArguments,
        orderBy: String, request: PageRequest, total: Int,
        map: (Row) throws -> T
    ) throws -> Page<T> {
        var conditions = conditions
        var arguments = arguments
        if let keys = try position(request) {
            conditions.append(order.afterCondition)
            _ = arguments.append(contentsOf: StatementArguments(keys))
        }
        let whereSQL = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        _ = arguments.append(contentsOf: [request.limit.map { $0 + 1 } ?? -1, request.offset])
        // Raw SQL: one keyset query shared by every item list (row-value comparison on the sort keys).
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT \(select), \(order.valueColumns) FROM \(from)\(whereSQL) ORDER BY \(orderBy) LIMIT ? OFFSET ?
                """, arguments: arguments)
        let shown = request.limit.map { Array(rows.prefix($0)) } ?? rows
        let next = rows.count > shown.count ? shown.last.map { codec.encode(order.keys(from: $0), for: query) } : nil
        return Page(total: total, items: try shown.map(map), nextCursor: next)
    }
}
