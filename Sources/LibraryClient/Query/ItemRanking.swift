import CatalogFormat
import FacetEngine
import Foundation
import GRDB

/// The visible items of one kind in one sort order (the same ORDER BY the SQL engine uses), so
/// the facet index's matches can be sorted and paged without asking SQLite to sort them.
struct ItemRanking: Sendable {
    /// Item numbers in display order.
    let order: ItemOrder
    /// Built when pages of few matches ask for it a second time (see ``RankTable``).
    private let ranks = RankTable()

    /// rank[itemNumber] = position in `order` (Int32.max when absent), or nil the first time it is
    /// asked for: one walk of the order costs less than building the table, so a process that
    /// lists once never builds it.
    var rankIfWorthIt: [Int32]? { ranks.tableIfAskedBefore(for: order) }

    init(kind: Kind, sort: ItemSort, _ db: Database) throws {
        // Raw SQL: the sort's ORDER BY is shared with the SQL engine (ItemSort.orderSQL).
        let numbers = try Int64.fetchAll(
            db,
            sql: """
                SELECT li.item_number FROM library_item li WHERE li.kind = ? AND li.is_visible = 1 ORDER BY \(sort.orderSQL)
                """, arguments: [kind.rawValue]
        ).map { UInt32($0) }
        self.init(order: numbers)
    }

    /// A ranking from item numbers in display order.
    init(order: [UInt32]) {
        self.order = ItemOrder(order)
    }

    /// A ranking over an order read from a file.
    init(order: ItemOrder) {
        self.order = order
    }

    /// The rows of `numbers`, in that order.
    static func rows(_ numbers: [UInt32], paths: LibraryPaths, _ db: Database) throws -> [LibraryItemRow] {
        var byNumber: [UInt32: LibraryItemRow] = [:]
        for start in stride(from: 0, to: numbers.count, by: 5000) {
            let chunk = numbers[start..<min(start + 5000, numbers.count)]
            let marks = chunk.map { _ in "?" }.joined(separator: ",")
            // Raw SQL: LibraryItemRow's columns and joins, the SQL text every item list shares.
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

/// The inverse of a ranking's order, shared by its copies. Building it touches every item
/// number, as much as one walk of the order does: it is built on the second request, so one
/// request walks and repeated ones share the table.
final class RankTable: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [Int32]?
    private var asked = false

    func tableIfAskedBefore(for order: ItemOrder) -> [Int32]? {
        lock.withLock {
            if let built { return built }
            guard asked else {
                asked = true
                return nil
            }
            var rank = [Int32](repeating: .max, count: Int(order.max() ?? 0) + 1)
            for (position, number) in order.enumerated() { rank[Int(number)] = Int32(position) }
            built = rank
            return rank
        }
    }
}
