import GRDB

extension AppDatabase {
    /// A pack may be `offloaded` (its audio removed to keep within the audio budget, its items
    /// still listed): `pack_state` is made again with that value in its CHECK, rows and index
    /// kept. `storage_policy` holds the budget an app sets (one row; NULL: no budget).
    static func addOffloading(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE TABLE pack_state_new (
                  pack_id TEXT PRIMARY KEY REFERENCES pack(id) ON DELETE CASCADE,
                  state TEXT NOT NULL CHECK(state IN ('not_downloaded','downloading','downloaded','failed','offloaded')),
                  bytes_total INTEGER NULL,
                  bytes_downloaded INTEGER NULL,
                  installed_version INTEGER NULL,
                  last_error TEXT NULL,
                  updated_at TEXT NOT NULL
                );
                INSERT INTO pack_state_new SELECT pack_id, state, bytes_total, bytes_downloaded, installed_version,
                  last_error, updated_at FROM pack_state;
                DROP TABLE pack_state;
                ALTER TABLE pack_state_new RENAME TO pack_state;
                CREATE INDEX idx_pack_state_state ON pack_state(state);
                CREATE TABLE storage_policy (
                  id INTEGER PRIMARY KEY CHECK(id = 1),
                  audio_budget INTEGER NULL CHECK(audio_budget IS NULL OR audio_budget >= 0)
                );
                """)
    }
}
