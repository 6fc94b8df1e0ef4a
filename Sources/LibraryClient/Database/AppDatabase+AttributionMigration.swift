import GRDB

extension AppDatabase {
    /// Each item's license, credits and source as the seed resolved them (the item's own, else its
    /// pack's): one row per item that states any of them. `credits` is the JSON array of
    /// `{"name","role","url"}`; the license index serves the credits screen, grouped by license.
    static func createItemAttribution(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE TABLE item_attribution (
                  item_id TEXT PRIMARY KEY REFERENCES library_item(id) ON DELETE CASCADE,
                  license TEXT NULL,
                  credits TEXT NULL,
                  source TEXT NULL
                );
                CREATE INDEX idx_item_attribution_license ON item_attribution(license);
                """)
    }
}
