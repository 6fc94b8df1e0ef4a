import CatalogFormat
import GRDB

/// Every dimension value with its name and sort order: used to name and order facet values
/// and to resolve filter names. Small (hundreds of rows), loaded in one pass.
///
/// ```swift
/// let values = try DimensionValueCatalog(db)
/// values.ordered(.mood).map(\.name)   // by sort_order, then name
/// ```
struct DimensionValueCatalog: Sendable {
    struct Value: Sendable, Hashable {
        var id: Int64
        var name: String
        var sortOrder: Int?
    }

    private(set) var values: [TagDimension: [Int64: Value]] = [:]

    init(_ db: Database) throws {
        // Raw SQL through the C API: one statement for every dimension, read by a fresh process
        // before its first answer, where six query-interface requests cost about 0.5 ms more and
        // GRDB's row decoding about 1 ms more (soundshelf-bench catalog, catalog-facets).
        let dimensions = TagDimension.allCases
        let sql = dimensions.indices.map {
            "SELECT \($0) AS dimension, id, name, sort_order FROM \(dimensions[$0].table)"
        }.joined(separator: " UNION ALL ")
        for dim in dimensions { values[dim] = [:] }
        try BulkStatement(db, sql).query({ _ in }) { row in
            guard let position = row.int64(0), dimensions.indices.contains(Int(position)), let id = row.int64(1) else {
                return
            }
            let sortOrder = row.int64(3).map { Int(truncatingIfNeeded: $0) }
            values[dimensions[Int(position)]]?[id] = Value(id: id, name: row.text(2) ?? "", sortOrder: sortOrder)
        }
    }

    func value(_ id: Int64, in dimension: TagDimension) -> Value? { values[dimension]?[id] }

    /// All values of a dimension, in display order.
    func ordered(_ dimension: TagDimension) -> [Value] {
        (values[dimension].map { Array($0.values) } ?? []).sorted(by: Self.displayOrder)
    }

    /// `sort_order` first (values without one last), then name, then id.
    static func displayOrder(_ a: Value, _ b: Value) -> Bool {
        switch (a.sortOrder, b.sortOrder) {
        case let (x?, y?) where x != y: return x < y
        case (.some, .none): return true
        case (.none, .some): return false
        default: return a.name != b.name ? a.name < b.name : a.id < b.id
        }
    }

    /// Turns raw per-id counts into ``FacetCounts``: the kind's dimensions only, zero counts
    /// left out, values in display order.
    func facetCounts(kind: Kind, total: Int, raw: [TagDimension: [Int64: Int]]) -> FacetCounts {
        var facets: [TagDimension: [FacetValue]] = [:]
        for dim in kind.dimensions {
            let counts = raw[dim] ?? [:]
            let present = counts.compactMap { id, count -> Value? in
                count > 0 ? (value(id, in: dim) ?? Value(id: id, name: "#\(id)", sortOrder: nil)) : nil
            }
            facets[dim] = present.sorted(by: Self.displayOrder).map {
                FacetValue(id: $0.id, name: $0.name, count: counts[$0.id] ?? 0)
            }
        }
        return FacetCounts(kind: kind, total: total, facets: facets)
    }
}
