import CatalogFormat

/// Disjunctive facet counts for one kind: for each dimension the kind may use, the
/// values with how many items match every selected filter except that dimension's own.
/// Values with count 0 are left out; values sort by `sort_order`, then name.
///
/// ```swift
/// let counts = try await facets.fetchFacetCounts(kind: .sfx, filters: filters)
/// counts.total                        // items matching all filters
/// counts.facets[.location]?.first     // FacetValue(id: 4, name: "Forest", count: 12)
/// ```
public struct FacetCounts: Sendable, Equatable {
    /// The kind the counts are for.
    public var kind: Kind
    /// How many visible items match every selected filter.
    public var total: Int
    /// The counts per dimension the kind may use, values in display order (count 0 left out).
    public var facets: [TagDimension: [FacetValue]]

    /// Counts for `kind` with `total` matching items.
    public init(kind: Kind, total: Int, facets: [TagDimension: [FacetValue]]) {
        self.kind = kind
        self.total = total
        self.facets = facets
    }
}

/// One value of a facet with its count.
public struct FacetValue: Sendable, Hashable, Codable {
    /// The value's id in this library (what ``Filters`` take).
    public let id: Int64
    /// The value's name as the catalog spells it.
    public let name: String
    /// How many items would match with this value selected (its own dimension's filter left out).
    public let count: Int

    /// A value with its count.
    public init(id: Int64, name: String, count: Int) {
        self.id = id
        self.name = name
        self.count = count
    }
}
