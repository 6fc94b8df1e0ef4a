import CatalogFormat
import GRDB

/// On a first import, the rows keyed by item id (tags, sound figures, attribution, playback)
/// wait in TEMP tables with no index, and go into their tables in key order at the end: with
/// random item ids (real catalogs' UUIDs) each row would otherwise land at a random place of its
/// table's primary-key B-tree, and at a million items those B-trees no longer fit the page cache,
/// so nearly every row cost a page read and a page write (the first import then grew 1.8× faster
/// than the catalog).
///
/// ```swift
/// let staged = try StagedTables.create(db)          // before the import's statements are prepared
/// staged.name(of: "item_mood")                      // "temp.stage_item_mood"
/// try staged.move(db)                               // INSERT … SELECT … ORDER BY the key, then DROP
/// ```
struct StagedTables {
    /// The tables staged, each with its primary-key columns.
    static var keys: [(table: String, key: [String])] {
        TagDimension.allCases.map { ($0.joinTable, ["item_id", $0.joinColumn]) }
            + [("item_sound", ["item_id"]), ("item_attribution", ["item_id"]), ("item_playback", ["item_id"])]
    }

    /// Creates the empty TEMP tables (a schema change: prepare statements after it). Tables a
    /// failed import left on this connection are dropped first (its rollback normally took them).
    static func create(_ db: Database) throws -> StagedTables {
        for (table, _) in keys {
            // Raw SQL: a TEMP table shaped like another has no query-interface form.
            try db.execute(sql: "DROP TABLE IF EXISTS temp.stage_\(table)")
            try db.execute(sql: "CREATE TEMP TABLE stage_\(table) AS SELECT * FROM main.\(table) WHERE 0")
        }
        return StagedTables()
    }

    /// Where the rows of `table` go during the import.
    func name(of table: String) -> String { "temp.stage_\(table)" }

    /// Moves every staged row into its table in key order (a duplicate pair is kept once, as the
    /// direct insert's ON CONFLICT DO NOTHING did) and drops the TEMP tables.
    func move(_ db: Database) throws {
        for (table, key) in Self.keys {
            let order = key.joined(separator: ", ")
            // Raw SQL: one INSERT … SELECT … ORDER BY per table (measured by soundshelf-bench sync).
            try db.execute(
                sql: "INSERT OR IGNORE INTO main.\(table) SELECT * FROM temp.stage_\(table) ORDER BY \(order)")
            try db.execute(sql: "DROP TABLE temp.stage_\(table)")
            PhaseTimer.current?.mark("\(table) rows moved in key order")
        }
    }
}
