import CatalogFormat
import GRDB

/// Reads what the facet index needs from SQLite: per item number, its kind, visibility and tag ids.
enum FacetIndexLoader {
    struct Entry {
        var number: UInt32
        var kind: Kind
        var visible: Bool
        var tags: [TagDimension: [Int64]]
    }

    /// The whole index, built in ascending item order with one compact array per item
    /// (tags as ``TagSignature`` elements) rather than a dictionary per item.
    static func build(_ db: Database) throws -> FacetIndex {
        let bound = Int(try Int64.fetchOne(db, sql: "SELECT MAX(item_number) FROM library_item") ?? 0) + 1
        var kinds = [Kind?](repeating: nil, count: bound)
        var visible = [Bool](repeating: false, count: bound)
        let statement = try db.makeStatement(sql: "SELECT item_number, kind, is_visible FROM library_item")
        let column = ColumnPositions(statement)
        let (numberColumn, kindColumn, visibleColumn) = try (
            column["item_number"], column["kind"], column["is_visible"]
        )
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            guard let number: Int64 = row[numberColumn], number >= 0, Int(number) < bound else { continue }
            kinds[Int(number)] = try StoredValue.decode(
                Kind.self, row[kindColumn], table: "library_item", column: "kind")
            visible[Int(number)] = row[visibleColumn]
        }
        var tags = [[Int64]](repeating: [], count: bound)
        for dim in TagDimension.allCases {
            let tagStatement = try db.makeStatement(
                sql: """
                    SELECT li.item_number, j.\(dim.joinColumn) AS value_id
                    FROM \(dim.joinTable) j JOIN library_item li ON li.id = j.item_id
                    """)
            let column = ColumnPositions(tagStatement)
            let (numberColumn, valueColumn) = try (column["item_number"], column["value_id"])
            let tagRows = try Row.fetchCursor(tagStatement)
            while let row = try tagRows.next() {
                guard let number: Int64 = row[numberColumn], number >= 0, Int(number) < bound else { continue }
                tags[Int(number)].append(TagSignature.element(dim, row[valueColumn]))
            }
        }
        var builder = FacetIndex.Builder()
        for number in 0..<bound {
            guard let kind = kinds[number] else { continue }
            builder.add(
                item: UInt32(number), kind: kind, visible: visible[number], tags: TagSignature.decode(tags[number]))
            tags[number] = []
        }
        return builder.build()
    }

    static func entries(itemIDs: [String], _ db: Database) throws -> [Entry] {
        var result: [Entry] = []
        for start in stride(from: 0, to: itemIDs.count, by: 5000) {
            let chunk = Array(itemIDs[start..<min(start + 5000, itemIDs.count)])
            let marks = chunk.map { _ in "?" }.joined(separator: ",")
            result += try entries(where: "li.id IN (\(marks))", arguments: chunk, db)
        }
        return result
    }

    private static func entries(where condition: String?, arguments: [String], _ db: Database) throws -> [Entry] {
        let filter = condition.map { " WHERE \($0)" } ?? ""
        var entries: [Int: Entry] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT li.item_number, li.kind, li.is_visible FROM library_item li\(filter)",
            arguments: StatementArguments(arguments))
        while let row = try rows.next() {
            guard let number: Int64 = row["item_number"] else { continue }
            let kind = try StoredValue.decode(Kind.self, row["kind"], table: "library_item", column: "kind")
            entries[Int(number)] = Entry(number: UInt32(number), kind: kind, visible: row["is_visible"], tags: [:])
        }
        for dim in TagDimension.allCases {
            let tagRows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT li.item_number, j.\(dim.joinColumn) AS value_id
                    FROM \(dim.joinTable) j JOIN library_item li ON li.id = j.item_id\(filter)
                    """, arguments: StatementArguments(arguments))
            while let row = try tagRows.next() {
                guard let number: Int64 = row["item_number"] else { continue }
                entries[Int(number)]?.tags[dim, default: []].append(row["value_id"])
            }
        }
        return entries.keys.sorted().compactMap { entries[$0] }
    }
}
