import GRDB

/// Hides what a catalog no longer lists: the item or pack stays in the library (favorites, scenes
/// and plays keep pointing at it) with `is_visible = 0`, as FORMAT §8 says. The one place of the
/// statements the three update paths share: the decoded update (`SeedWriter`), the streamed one
/// (`SeedStreamUpdate`) and a delta (`SeedStreamWriter+Delta`).
///
/// ```swift
/// let hiding = try UnlistedHiding(db, now: now)
/// if try hiding.hideItem(id: id) { hidden += 1 }
/// ```
struct UnlistedHiding {
    private let db: Database
    private let itemByID: Statement
    private let itemByNumber: Statement
    private let pack: Statement
    private let now: String

    init(_ db: Database, now: String) throws {
        self.db = db
        self.now = now
        // Raw SQL: statements prepared once and run for each unlisted entry (a query-interface
        // updateAll would build and prepare its statement again for each).
        itemByID = try db.cachedStatement(
            sql: "UPDATE library_item SET is_visible = 0, updated_at = ? WHERE id = ? AND is_visible = 1")
        itemByNumber = try db.cachedStatement(
            sql: "UPDATE library_item SET is_visible = 0, updated_at = ? WHERE item_number = ? AND is_visible = 1")
        pack = try db.cachedStatement(sql: "UPDATE pack SET is_visible = 0 WHERE id = ? AND is_visible = 1")
    }

    /// Hides the item `id`; true when it was shown until now.
    func hideItem(id: String) throws -> Bool {
        try itemByID.execute(arguments: [now, id])
        return db.changesCount > 0
    }

    /// Hides the item numbered `number`; true when it was shown until now.
    func hideItem(number: Int64) throws -> Bool {
        try itemByNumber.execute(arguments: [now, number])
        return db.changesCount > 0
    }

    /// Hides the pack `id`; true when it was shown until now.
    func hidePack(id: String) throws -> Bool {
        try pack.execute(arguments: [id])
        return db.changesCount > 0
    }
}
