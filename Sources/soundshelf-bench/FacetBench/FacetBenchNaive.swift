import CatalogModel
import FacetEngine
import LibraryClient

/// The straightforward answer the index is measured against: one loop over every row, sets
/// for the filters, dictionaries for the counts.
enum FacetBenchNaive {
    static func counts(_ rows: [FacetBenchRow], kind: Kind, filters: Filters) -> RawFacetCounts {
        var selected: [TagDimension: Set<Int64>] = [:]
        for dimension in filters.activeDimensions {
            guard kind.dimensions.contains(dimension) else { return .empty(kind: kind) }
            selected[dimension] = Set(filters[dimension])
        }
        var result = RawFacetCounts.empty(kind: kind)
        for row in rows where row.kind == kind && row.visible {
            var failing: [TagDimension] = []
            for (dimension, wanted) in selected where wanted.isDisjoint(with: row.tags[dimension] ?? []) {
                failing.append(dimension)
            }
            if failing.isEmpty { result.total += 1 }
            for dimension in kind.dimensions where failing.isEmpty || failing == [dimension] {
                for id in Set(row.tags[dimension] ?? []) { result.counts[dimension, default: [:]][id, default: 0] += 1 }
            }
        }
        return result
    }

    static func matching(_ rows: [FacetBenchRow], kind: Kind, filters: Filters) -> [UInt32] {
        var matches: [UInt32] = []
        rowLoop: for (number, row) in rows.enumerated() where row.kind == kind && row.visible {
            for dimension in filters.activeDimensions {
                guard kind.dimensions.contains(dimension),
                    !Set(filters[dimension]).isDisjoint(with: row.tags[dimension] ?? [])
                else { continue rowLoop }
            }
            matches.append(UInt32(number))
        }
        return matches
    }
}
