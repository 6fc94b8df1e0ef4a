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

    /// The counts of the items of `kind` that match `filters` and the search `text` (words matched
    /// as ``LibraryRepository/fetchItems(matching:kind:filters:page:)`` matches them): what each
    /// chip would list beside a search box.
    ///
    /// ```swift
    /// let counts = try await library.facets.fetchFacetCounts(kind: .sfx, filters: filters, matching: "door")
    /// counts.total   // the items a search for "door" lists under these filters
    /// ```
    ///
    /// Throws ``LibraryClientError/emptySearch`` when `text` has no words.
    public func fetchFacetCounts(kind: Kind, filters: Filters = Filters(), matching text: String) async throws
        -> FacetCounts
    {
        guard LibraryRepository.prefixPattern(text) != nil else { throw LibraryClientError.emptySearch }
        let pattern = try await context.database.read { try SearchPattern(query: text, $0) }
        guard let pattern else { throw LibraryClientError.emptySearch }
        var searched = filters
        searched.searchMatch = pattern.match
        return try await context.engine().facetCounts(kind: kind, filters: searched)
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
    /// With `installedOnly`, only installed items count; with `text`, only the items that search matches.
    package func fetchFacetCounts(
        kind: Kind, filterNames: [TagDimension: [String]], installedOnly: Bool = false, matching text: String? = nil
    ) async throws -> FacetCounts {
        guard installedOnly || text != nil else {
            return try await context.engine().facetCounts(kind: kind, filterNames: filterNames)
        }
        var filters = try FilterResolver.resolve(filterNames, in: try await context.engine().valueCatalog())
        filters.installedOnly = installedOnly
        if let text { return try await fetchFacetCounts(kind: kind, filters: filters, matching: text) }
        return try await context.engine().facetCounts(kind: kind, filters: filters)
    }
}
