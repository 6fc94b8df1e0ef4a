import CatalogFormat

/// What answers the heavy queries — facet counts and the filtered, sorted list. Two engines
/// give identical answers: plain SQL (the reference) and the in-memory facet index.
protocol QueryEngine: Sendable {
    func facetCounts(kind: Kind, filters: Filters) async throws -> FacetCounts
    func page(kind: Kind, filters: Filters, sort: ItemSort, page: PageRequest) async throws -> ItemPage
    /// The tag values this engine answers with; filter names resolve against them (the facet
    /// index keeps the values it was built with, plain SQL reads the dimension tables).
    func valueCatalog() async throws -> DimensionValueCatalog
    /// Facet counts for filters given by name or numeric id per dimension, resolved as
    /// ``FilterResolver/resolve(_:)`` does, against the same state of the library the counts
    /// come from.
    func facetCounts(kind: Kind, filterNames: [TagDimension: [String]]) async throws -> FacetCounts
}

/// The plain-SQL engine.
struct SQLQueryEngine: QueryEngine {
    let database: AppDatabase
    let paths: LibraryPaths

    func facetCounts(kind: Kind, filters: Filters) async throws -> FacetCounts {
        try await database.read { db in
            let (total, raw) = try SQLFacetCounter.counts(kind: kind, filters: filters, db)
            return try DimensionValueCatalog(db).facetCounts(kind: kind, total: total, raw: raw)
        }
    }

    func page(kind: Kind, filters: Filters, sort: ItemSort, page: PageRequest) async throws -> ItemPage {
        let paths = self.paths
        return try await database.read { db in
            try ItemListPaging.sqlPage(kind: kind, filters: filters, sort: sort, page: page, paths: paths, db)
        }
    }

    func valueCatalog() async throws -> DimensionValueCatalog {
        try await database.read { try DimensionValueCatalog($0) }
    }

    func facetCounts(kind: Kind, filterNames: [TagDimension: [String]]) async throws -> FacetCounts {
        guard filterNames.values.contains(where: { !$0.isEmpty }) else {
            return try await facetCounts(kind: kind, filters: Filters())
        }
        let filters = try FilterResolver.resolve(filterNames, in: try await valueCatalog())
        return try await facetCounts(kind: kind, filters: filters)
    }
}

extension FacetIndexStore {
    nonisolated func valueCatalog() async throws -> DimensionValueCatalog {
        try await current().values
    }

    /// Resolved and counted against one loaded index (one look at the database's stamp for
    /// both, which a server answering many requests saves).
    nonisolated func facetCounts(kind: Kind, filterNames: [TagDimension: [String]]) async throws -> FacetCounts {
        let (current, raw) = try await checkedAnswer(from: self.current()) { loaded in
            loaded.index.counts(kind: kind, filters: try FilterResolver.resolve(filterNames, in: loaded.values))
        }
        return current.values.facetCounts(kind: kind, total: raw.total, raw: raw.counts)
    }
}
