import CatalogFormat

/// Disjunctive facet counts: for each dimension the kind may use, how many visible
/// items match every selected filter except that dimension's own. Values come from the
/// dimension tables, so new values show up without a code change.
///
/// ```swift
/// let counts = try await library.facets.fetchFacetCounts(kind: .sfx, filters: filters)
/// counts.facets[.creatureType]?.map { "\($0.name) \($0.count)" }
/// ```
public struct FacetRepository: Sendable {
    let context: LibraryContext

    /// The counts per dimension for the visible items of `kind` (see the type's discussion);
    /// `total` is the number of items matching every filter. Values with count 0 are left out.
    public func fetchFacetCounts(kind: Kind, filters: Filters = Filters()) async throws -> FacetCounts {
        try await context.engine().facetCounts(kind: kind, filters: filters)
    }

    /// Every value of every dimension `kind` may use, counts or not, in display order
    /// (for pickers that show values with no items too).
    public func fetchValues(kind: Kind) async throws -> [TagDimension: [TagValue]] {
        try await context.database.read { db in
            let catalog = try DimensionValueCatalog(db)
            var result: [TagDimension: [TagValue]] = [:]
            for dim in kind.dimensions { result[dim] = catalog.ordered(dim).map { TagValue(id: $0.id, name: $0.name) } }
            return result
        }
    }
}

extension FacetRepository {
    /// Facet counts for filters given by name or numeric id per dimension, resolved as
    /// ``FilterResolver/resolve(_:)`` does, against the same state of the library the counts come
    /// from (one look at the database's stamp for both, which a server answering many requests
    /// saves).
    package func fetchFacetCounts(kind: Kind, filterNames: [TagDimension: [String]]) async throws -> FacetCounts {
        try await context.engine().facetCounts(kind: kind, filterNames: filterNames)
    }
}
