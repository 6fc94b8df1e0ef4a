import CatalogFormat

/// Disjunctive facet counts by value id, before names and sort order are attached.
///
/// `counts` has one entry for every dimension the kind may use (`kind.dimensions`), possibly an
/// empty dictionary, and none for the others. Inside a dimension only values with a count above
/// zero appear.
///
/// ```swift
/// let raw = index.counts(kind: .sfx, filters: filters)
/// raw.total                           // items of the kind matching every filter
/// raw.counts[.location]?[forestID]    // items matching every filter but the location one
/// ```
package struct RawFacetCounts: Sendable, Equatable {
    /// Visible items of the kind that match all filters.
    package var total: Int
    /// Per dimension of the kind: value id → count (zero counts absent).
    package var counts: [TagDimension: [Int64: Int]]

    package init(total: Int, counts: [TagDimension: [Int64: Int]]) {
        self.total = total
        self.counts = counts
    }

    /// Zero total and an empty dictionary for every dimension of `kind`.
    package static func empty(kind: Kind) -> RawFacetCounts {
        RawFacetCounts(total: 0, counts: Dictionary(uniqueKeysWithValues: kind.dimensions.map { ($0, [:]) }))
    }
}
