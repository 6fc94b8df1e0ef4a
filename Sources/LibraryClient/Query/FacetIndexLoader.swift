import CatalogFormat
import FacetEngine
import GRDB

/// Reads what the facet index needs from SQLite: per item number, its kind, visibility and tag ids.
enum FacetIndexLoader {
    typealias Entry = FacetIndex.ItemUpdate

    /// One item's tag ids (`item_id` = ?1): rows of (position in `TagDimension.allCases`, value id),
    /// every dimension's join table in one read.
    static let itemTagsSQL = TagDimension.allCases.enumerated().map { position, dim in
        "SELECT \(position), \(dim.joinColumn) FROM \(dim.joinTable) WHERE item_id = ?1"
    }.joined(separator: " UNION ALL ")

    /// The whole index, built in ascending item order: the items in number order, each item's
    /// tags by one point read (a UNION ALL over the join tables). Nothing but the index grows with
    /// the library: reading every join table first held an array per item (a 1M-item update sync
    /// peaked at 232 MiB that way, soundshelf-bench catalog).
    static func build(_ db: Database) throws -> FacetIndex {
        let dimensions = TagDimension.allCases
        // Raw SQL through the C API: a million reads of each statement on a rebuild at 1M items.
        let tags = try BulkStatement(db, itemTagsSQL)
        let items = try BulkStatement(
            db,
            "SELECT item_number, kind, is_visible, id FROM library_item WHERE item_number >= 0 ORDER BY item_number")
        var builder = FacetIndex.Builder()
        var itemTags: [TagDimension: [Int64]] = [:]
        try items.query({ _ in }) { row in
            guard let number = row.int64(0), number <= Int64(UInt32.max), let id = row.text(3) else { return }
            let kind = try StoredValue.decode(Kind.self, row.text(1) ?? "", table: "library_item", column: "kind")
            itemTags.removeAll(keepingCapacity: true)
            try tags.query({ $0.bind(1, id) }) { tag in
                itemTags[dimensions[Int(tag.int64(0) ?? 0)], default: []].append(tag.int64(1) ?? 0)
            }
            builder.add(item: UInt32(number), kind: kind, visible: row.int64(2) != 0, tags: itemTags)
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
        // Raw SQL: the condition over `li` is SQL text because it also filters the join-table reads below.
        let rows = try Row.fetchCursor(
            db, sql: "SELECT li.item_number, li.kind, li.is_visible FROM library_item li\(filter)",
            arguments: StatementArguments(arguments))
        while let row = try rows.next() {
            guard let number: Int64 = row["item_number"] else { continue }
            let kind = try StoredValue.decode(Kind.self, row["kind"], table: "library_item", column: "kind")
            entries[Int(number)] = Entry(number: UInt32(number), kind: kind, visible: row["is_visible"], tags: [:])
        }
        for dim in TagDimension.allCases {
            // Raw SQL: the join table is chosen per dimension at run time (six tables of one shape, no record each).
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
