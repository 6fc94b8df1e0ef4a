import CatalogFormat
import GRDB

/// On a first import into empty tables, secondary indexes are dropped before the bulk load and
/// recreated from their own stored SQL afterwards (in the same transaction), which is much faster
/// than maintaining them row by row. The definitions come from `sqlite_master`, so they always
/// match the migrations.
struct DeferredIndexes {
    private var definitions: [(name: String, sql: String)] = []

    static var tables: [String] {
        ["library_item", "pack_item"] + TagDimension.allCases.map(\.joinTable)
    }

    /// Drops the secondary indexes of the bulk-loaded tables, remembering how to recreate them.
    static func drop(_ db: Database) throws -> DeferredIndexes {
        var deferred = DeferredIndexes()
        let marks = tables.map { _ in "?" }.joined(separator: ",")
        // Raw SQL: an index's CREATE statement is only in sqlite_master (GRDB's index list has no SQL).
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (\(marks))
                """, arguments: StatementArguments(tables))
        for row in rows {
            let name: String = row["name"]
            let sql: String = row["sql"]
            deferred.definitions.append((name, sql))
            try db.drop(index: name)
        }
        return deferred
    }

    /// Recreates every dropped index.
    func restore(_ db: Database) throws {
        // Raw SQL: each index's own CREATE statement, as sqlite_master stored it.
        for definition in definitions { try db.execute(sql: definition.sql) }
    }
}
