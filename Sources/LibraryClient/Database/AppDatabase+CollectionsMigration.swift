import GRDB

extension AppDatabase {
    /// The user's own state, which a catalog sync never deletes: favorites (newest has the highest
    /// `sequence`), scenes and their ordered items (positions dense from 0), and the key that signs
    /// paging cursors. Items are referenced by id without cascades: a sync only hides items, and
    /// hidden items stay in favorites and scenes.
    static func createUserCollections(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE TABLE favorite (
                  item_id TEXT PRIMARY KEY REFERENCES library_item(id),
                  favorited_at TEXT NOT NULL,
                  sequence INTEGER NOT NULL UNIQUE
                );
                CREATE TABLE scene (
                  id TEXT PRIMARY KEY,
                  title TEXT NOT NULL UNIQUE,
                  created_at TEXT NOT NULL,
                  updated_at TEXT NOT NULL
                );
                CREATE TABLE scene_item (
                  scene_id TEXT NOT NULL REFERENCES scene(id) ON DELETE CASCADE,
                  item_id TEXT NOT NULL REFERENCES library_item(id),
                  position INTEGER NOT NULL CHECK(position >= 0),
                  added_at TEXT NOT NULL,
                  PRIMARY KEY(scene_id, item_id),
                  UNIQUE(scene_id, position)
                );
                CREATE INDEX idx_scene_item_item ON scene_item(item_id);
                CREATE TABLE client_secret (
                  id INTEGER PRIMARY KEY CHECK(id = 1),
                  cursor_key BLOB NOT NULL
                );
                INSERT INTO client_secret(id, cursor_key) VALUES (1, randomblob(32));
                """)
    }
}
