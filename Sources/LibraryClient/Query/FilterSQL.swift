import CatalogFormat
import GRDB

/// SQL pieces for tag filters over `library_item li`: OR within a dimension (`IN (…)`), AND
/// across dimensions (one `li.id IN (SELECT …)` per selected dimension).
///
/// ```swift
/// let where = FilterSQL.conditions(filters, excluding: .mood)
/// // "li.id IN (SELECT item_id FROM item_location WHERE location_id IN (?,?))", args [4, 9]
/// ```
enum FilterSQL {
    struct Fragment {
        var sql: [String] = []
        var arguments = StatementArguments()

        /// `AND`-joined, with a leading ` AND ` when not empty.
        var andClause: String { sql.isEmpty ? "" : " AND " + sql.joined(separator: " AND ") }
    }

    // Raw SQL: the same conditions go into the SQL engine's count and keyset page, the search and
    // SQLFacetCounter's grouped counts, all of them SQL statements.
    static func conditions(_ filters: Filters, excluding: TagDimension? = nil) -> Fragment {
        var fragment = Fragment()
        for dim in filters.activeDimensions where dim != excluding {
            let ids = Array(Set(filters[dim])).sorted()
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            fragment.sql.append("li.id IN (SELECT item_id FROM \(dim.joinTable) WHERE \(dim.joinColumn) IN (\(marks)))")
            _ = fragment.arguments.append(contentsOf: StatementArguments(ids))
        }
        if filters.installedOnly { fragment.sql.append("li.id IN (SELECT item_id FROM item_local_audio)") }
        if let match = filters.searchMatch {
            fragment.sql.append(
                "li.item_number IN (SELECT rowid FROM library_item_search WHERE library_item_search MATCH ?)")
            _ = fragment.arguments.append(contentsOf: [match])
        }
        return fragment
    }

    /// `li.kind = ? AND li.is_visible = 1` plus the filters.
    static func visible(kind: Kind, _ filters: Filters, excluding: TagDimension? = nil) -> Fragment {
        var fragment = conditions(filters, excluding: excluding)
        fragment.sql.insert(contentsOf: ["li.kind = ?", "li.is_visible = 1"], at: 0)
        var arguments: StatementArguments = [kind.rawValue]
        _ = arguments.append(contentsOf: fragment.arguments)
        fragment.arguments = arguments
        return fragment
    }
}
