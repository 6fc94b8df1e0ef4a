import CatalogFormat
import GRDB

/// The visible items of one kind in one sort order (the same ORDER BY the SQL engine uses), so
/// the facet index's matches can be sorted and paged without asking SQLite to sort them.
struct ItemRanking: Sendable {
    /// Item numbers in display order.
    let order: [UInt32]
    /// rank[itemNumber] = position in `order` (Int32.max when absent).
    let rank: [Int32]

    init(kind: Kind, sort: ItemSort, _ db: Database) throws {
        let numbers = try Int64.fetchAll(
            db,
            sql: """
                SELECT li.item_number FROM library_item li WHERE li.kind = ? AND li.is_visible = 1 ORDER BY \(sort.orderSQL)
                """, arguments: [kind.rawValue]
        ).map { UInt32($0) }
        var rank = [Int32](repeating: .max, count: Int(numbers.max() ?? 0) + 1)
        for (position, number) in numbers.enumerated() { rank[Int(number)] = Int32(position) }
        self.order = numbers
        self.rank = rank
    }

    /// The rows of `numbers`, in that order.
    static func rows(_ numbers: [UInt32], paths: LibraryPaths, _ db: Database) throws -> [LibraryItemRow] {
        var byNumber: [UInt32: LibraryItemRow] = [:]
        for start in stride(from: 0, to: numbers.count, by: 5000) {
            let chunk = numbers[start..<min(start + 5000, numbers.count)]
            let marks = chunk.map { _ in "?" }.joined(separator: ",")
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(LibraryItemRow.columns), li.item_number AS item_number FROM library_item li \(LibraryItemRow.joins)
                    WHERE li.item_number IN (\(marks))
                    """, arguments: StatementArguments(chunk.map { Int64($0) }))
            for row in rows {
                byNumber[UInt32(row["item_number"] as Int64)] = try LibraryItemRow(row: row, paths: paths)
            }
        }
        return numbers.compactMap { byNumber[$0] }
    }
}
