import Foundation

/// What the repositories share: the database, the data root, and the query engine
/// (the facet index when enabled, else plain SQL).
final class LibraryContext: Sendable {
    let database: AppDatabase
    let paths: LibraryPaths
    let sqlEngine: SQLQueryEngine
    let indexEngine: (any QueryEngine)?

    init(database: AppDatabase, paths: LibraryPaths, indexEngine: (any QueryEngine)?) {
        self.database = database
        self.paths = paths
        self.sqlEngine = SQLQueryEngine(database: database, paths: paths)
        self.indexEngine = indexEngine
    }

    func engine() -> any QueryEngine { indexEngine ?? sqlEngine }
}
