import CatalogFormat
import GRDB

/// Disjunctive facet counts with plain SQL: the reference answer, the benchmark
/// baseline, and the fallback when no facet index is available.
///
/// For each dimension D of the kind, the counts apply every selected filter except D's own;
/// `total` applies them all. Only visible items count.
enum SQLFacetCounter {
    static func counts(kind: Kind, filters: Filters, _ db: Database) throws -> (
        total: Int, raw: [TagDimension: [Int64: Int]]
    ) {
        let all = FilterSQL.visible(kind: kind, filters)
        // Raw SQL: grouped counts over the dimension join tables; the reference the facet index is measured against (soundshelf-bench facets).
        let total =
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM library_item li WHERE \(all.sql.joined(separator: " AND "))",
                arguments: all.arguments) ?? 0
        var raw: [TagDimension: [Int64: Int]] = [:]
        for dim in kind.dimensions {
            let fragment = FilterSQL.visible(kind: kind, filters, excluding: dim)
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT j.\(dim.joinColumn) AS value_id, COUNT(*) AS item_count FROM \(dim.joinTable) j
                    JOIN library_item li ON li.id = j.item_id
                    WHERE \(fragment.sql.joined(separator: " AND "))
                    GROUP BY j.\(dim.joinColumn)
                    """, arguments: fragment.arguments)
            var counts: [Int64: Int] = [:]
            while let row = try rows.next() { counts[row["value_id"]] = row["item_count"] }
            raw[dim] = counts
        }
        return (total, raw)
    }
}
