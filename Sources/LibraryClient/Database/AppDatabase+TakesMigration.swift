import GRDB

extension AppDatabase {
    /// Takes: `item_take` maps each recording of an installed item to its asset (take 0 is also
    /// `item_local_audio`'s, so code reading only that table still plays something);
    /// `item_playback` holds the seed's take count and playback rule for items that have more
    /// than one take or a rule (an item without a row has one take and the default rule).
    static func createTakes(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE TABLE item_take (
                  item_id TEXT NOT NULL REFERENCES library_item(id) ON DELETE CASCADE,
                  take INTEGER NOT NULL CHECK(take >= 0),
                  asset_id TEXT NOT NULL REFERENCES local_asset(id) ON DELETE CASCADE,
                  duration REAL NULL,
                  PRIMARY KEY(item_id, take)
                );
                CREATE INDEX idx_item_take_asset ON item_take(asset_id);
                CREATE TABLE item_playback (
                  item_id TEXT PRIMARY KEY REFERENCES library_item(id) ON DELETE CASCADE,
                  takes INTEGER NOT NULL CHECK(takes >= 1),
                  playback TEXT NULL
                );
                INSERT INTO item_take(item_id, take, asset_id)
                  SELECT item_id, 0, asset_id FROM item_local_audio;
                """)
    }
}
