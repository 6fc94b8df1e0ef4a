import GRDB

extension AppDatabase {
    /// How each item sounds, from the seed (its first take's figures as `packer build` measured
    /// them), and the catalog's loudness targets per kind. An item without figures (an older
    /// catalog, or music) has no `item_sound` row. Each installed take keeps its own figures from the
    /// manifest in `item_take.loudness` (JSON).
    static func createSoundFigures(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE TABLE item_sound (
                  item_id TEXT PRIMARY KEY REFERENCES library_item(id) ON DELETE CASCADE,
                  integrated REAL NULL,
                  loudness_range REAL NULL,
                  true_peak REAL NULL,
                  momentary_max REAL NULL,
                  loop_start INTEGER NULL,
                  loop_end INTEGER NULL,
                  peaks TEXT NULL
                );
                ALTER TABLE item_take ADD COLUMN loudness TEXT NULL;
                CREATE TABLE loudness_target (
                  kind TEXT PRIMARY KEY CHECK(kind IN ('atmosphere','sfx')),
                  lufs REAL NOT NULL
                );
                """)
    }
}
