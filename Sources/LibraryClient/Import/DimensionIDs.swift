import CatalogFormat
import GRDB

/// Name → id of every dimension value, loaded once per import; new names are upserted
/// (`INSERT … ON CONFLICT(name) DO NOTHING`) and then fetched, so value ids stay stable.
///
/// ```swift
/// var ids = try DimensionIDs(db, vocabularies: seed.vocabularies)
/// let forest = try ids.id(for: "Forest", in: .location, db)
/// ```
struct DimensionIDs {
    private var maps: [TagDimension: [String: Int64]] = [:]

    /// Loads the known values, then upserts the seed's vocabularies with their sort order.
    init(_ db: Database, vocabularies: Vocabularies) throws {
        for dim in TagDimension.allCases {
            let entries = vocabularies.entries(for: dim)
            if !entries.isEmpty {
                // Raw SQL: an UPSERT whose update has a WHERE, into a table chosen per dimension (no record each).
                let statement = try db.cachedStatement(
                    sql: """
                        INSERT INTO \(dim.table)(name, sort_order, is_system) VALUES (?, ?, 1)
                        ON CONFLICT(name) DO UPDATE SET sort_order = excluded.sort_order
                        WHERE sort_order IS NOT excluded.sort_order
                        """)
                for entry in entries {
                    try statement.execute(arguments: [entry.name, entry.sortOrder])
                }
            }
            var map: [String: Int64] = [:]
            // Raw SQL: the dimension's table is chosen at run time (six tables of one shape, no record each).
            let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM \(dim.table)")
            while let row = try rows.next() { map[row["name"]] = row["id"] }
            maps[dim] = map
        }
    }

    /// The id of `name` in `dimension`, inserting the value when it is new.
    mutating func id(for name: String, in dimension: TagDimension, _ db: Database) throws -> Int64 {
        if let id = maps[dimension]?[name] { return id }
        // Raw SQL: INSERT … ON CONFLICT DO NOTHING, then the id, through statements prepared once per
        // dimension table (chosen at run time, no record each) for every new name of an import.
        try db.cachedStatement(
            sql: "INSERT INTO \(dimension.table)(name, is_system) VALUES (?, 1) ON CONFLICT(name) DO NOTHING"
        )
        .execute(arguments: [name])
        let id =
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM \(dimension.table) WHERE name = ?"),
                arguments: [name]) ?? 0
        maps[dimension, default: [:]][name] = id
        return id
    }

    /// Sorted, distinct ids for every dimension `kind` may use.
    mutating func ids(for tags: TagSet, kind: Kind, _ db: Database) throws -> [TagDimension: [Int64]] {
        var result: [TagDimension: [Int64]] = [:]
        for (dim, names) in tags.byDimension(for: kind) {
            var ids: [Int64] = []
            ids.reserveCapacity(names.count)
            for name in names { ids.append(try id(for: name, in: dim, db)) }
            ids.sort()
            result[dim] = ids.count > 1 ? ids.enumerated().compactMap { $0 > 0 && ids[$0 - 1] == $1 ? nil : $1 } : ids
        }
        return result
    }
}
