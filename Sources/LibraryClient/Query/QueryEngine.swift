import CatalogFormat

/// What answers the heavy queries — facet counts and the filtered, sorted list. Two engines
/// give identical answers: plain SQL (the reference) and the in-memory facet index.
protocol QueryEngine: Sendable {
    func facetCounts(kind: Kind, filters: Filters) async throws -> FacetCounts
    func page(kind: Kind, filters: Filters, sort: ItemSort, page: PageRequest) async throws -> ItemPage
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
}
