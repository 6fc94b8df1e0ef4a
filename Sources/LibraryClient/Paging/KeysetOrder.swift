import GRDB

/// A total order a list is paged by (keyset paging): the compared expressions (with their
/// collations; the last one unique), the expressions whose values a cursor stores, and the
/// direction. "After the cursor" is one row-value comparison, so a page starts at the same row
/// however many rows were added, hidden or changed before it.
///
/// ```swift
/// let order = KeysetOrder(compared: ["li.title COLLATE NOCASE", "li.id"], values: ["li.title", "li.id"])
/// order.afterCondition   // "(li.title COLLATE NOCASE, li.id) > (?, ?)"
/// ```
package struct KeysetOrder: Sendable, Hashable {
    package var compared: [String]
    package var values: [String]
    package var descending: Bool

    package init(compared: [String], values: [String], descending: Bool = false) {
        precondition(compared.count == values.count, "one stored value per compared expression")
        self.compared = compared
        self.values = values
        self.descending = descending
    }

    /// True for the rows after the cursor's row; arguments: the cursor's values.
    package var afterCondition: String {
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return "(\(compared.joined(separator: ", "))) \(descending ? "<" : ">") (\(marks))"
    }

    /// The SELECT list of the stored values, named for ``keys(from:)``.
    package var valueColumns: String {
        values.enumerated().map { "\($1) AS cursor_key_\($0)" }.joined(separator: ", ")
    }

    package func keys(from row: Row) -> [DatabaseValue] {
        (0..<values.count).map { row["cursor_key_\($0)"] }
    }
}

extension ItemSort {
    /// The keyset form of ``orderSQL`` (same order, NULL durations folded so row values compare).
    var keyset: KeysetOrder {
        switch self {
        case .title:
            KeysetOrder(compared: ["li.title COLLATE NOCASE", "li.id"], values: ["li.title", "li.id"])
        case .duration:
            KeysetOrder(
                compared: ["li.duration IS NULL", "COALESCE(li.duration, 0)", "li.title COLLATE NOCASE", "li.id"],
                values: ["li.duration IS NULL", "COALESCE(li.duration, 0)", "li.title", "li.id"])
        case .recent:
            KeysetOrder(
                compared: ["li.created_at", "li.item_number"], values: ["li.created_at", "li.item_number"],
                descending: true)
        }
    }
}
