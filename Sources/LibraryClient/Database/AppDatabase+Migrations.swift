import CatalogFormat
import GRDB

extension AppDatabase {
    /// Named migrations, applied in order. Never edit a shipped migration; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // Shipped identifiers never change, so existing data roots keep migrating ("v1-brief-schema"
        // is the core schema's historical name).
        migrator.registerMigration("v1-brief-schema", migrate: createCoreSchema)
        migrator.registerMigration("v1-dimensions", migrate: createDimensions)
        migrator.registerMigration("v1-required-indexes", migrate: createRequiredIndexes)
        migrator.registerMigration("v1-client-columns", migrate: addClientColumns)
        migrator.registerMigration("v1-catalog-state", migrate: createCatalogState)
        migrator.registerMigration("v1-search", migrate: createSearch)
        migrator.registerMigration("v2-user-collections", migrate: createUserCollections)
        migrator.registerMigration("v2-listening", migrate: createListening)
        migrator.registerMigration("v2-music-track-library", migrate: createMusicTrackLibrary)
        migrator.registerMigration("v3-takes", migrate: createTakes)
        migrator.registerMigration("v3-item-attribution", migrate: createItemAttribution)
        migrator.registerMigration("v3-sound-figures", migrate: createSoundFigures)
        migrator.registerMigration("v4-catalog-files", migrate: createCatalogFiles)
        migrator.registerMigration("v4-ucs", migrate: addUCS)
        migrator.registerMigration("v5-trusted-root", migrate: addTrustedRoot)
        migrator.registerMigration("v5-offloading", migrate: addOffloading)
        return migrator
    }

    /// The core tables: items, music playlist refs, the track cache, packs, pack state, pack items,
    /// local assets and item audio, column for column as the published database schema lists them.
    private static func createCoreSchema(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE TABLE library_item (
                  id TEXT PRIMARY KEY,
                  kind TEXT NOT NULL CHECK(kind IN ('music','atmosphere','sfx')),
                  title TEXT NOT NULL,
                  subtitle TEXT NULL,
                  duration REAL NULL,
                  artwork_url TEXT NULL,
                  is_visible INTEGER NOT NULL DEFAULT 1,
                  created_at TEXT NOT NULL,
                  updated_at TEXT NOT NULL
                );
                CREATE TABLE music_playlist_ref (
                  item_id TEXT PRIMARY KEY REFERENCES library_item(id) ON DELETE CASCADE,
                  apple_music_playlist_id TEXT NOT NULL UNIQUE,
                  last_sync_at TEXT NULL,
                  use_snapshot INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE music_track_cache (
                  track_id TEXT PRIMARY KEY,
                  title TEXT NOT NULL,
                  artist TEXT NOT NULL,
                  album TEXT NULL,
                  duration REAL NULL,
                  artwork_url TEXT NULL,
                  last_seen_at TEXT NOT NULL
                );
                CREATE TABLE playlist_track (
                  playlist_id TEXT NOT NULL,
                  track_id TEXT NOT NULL,
                  position INTEGER NOT NULL,
                  PRIMARY KEY(playlist_id, track_id)
                );
                CREATE TABLE pack (
                  id TEXT PRIMARY KEY,
                  kind TEXT NOT NULL CHECK(kind IN ('atmosphere','sfx')),
                  title TEXT NOT NULL,
                  description TEXT NULL,
                  artwork_url TEXT NULL,
                  version INTEGER NOT NULL,
                  manifest_url TEXT NOT NULL,
                  created_at TEXT NOT NULL
                );
                CREATE TABLE pack_state (
                  pack_id TEXT PRIMARY KEY REFERENCES pack(id) ON DELETE CASCADE,
                  state TEXT NOT NULL CHECK(state IN ('not_downloaded','downloading','downloaded','failed')),
                  bytes_total INTEGER NULL,
                  bytes_downloaded INTEGER NULL,
                  installed_version INTEGER NULL,
                  last_error TEXT NULL,
                  updated_at TEXT NOT NULL
                );
                CREATE TABLE pack_item (
                  pack_id TEXT NOT NULL REFERENCES pack(id) ON DELETE CASCADE,
                  item_id TEXT NOT NULL REFERENCES library_item(id) ON DELETE CASCADE,
                  sort_order INTEGER NOT NULL,
                  PRIMARY KEY(pack_id, item_id)
                );
                CREATE TABLE local_asset (
                  id TEXT PRIMARY KEY,
                  pack_id TEXT NOT NULL REFERENCES pack(id) ON DELETE CASCADE,
                  remote_url TEXT NOT NULL,
                  local_path TEXT NULL,
                  etag TEXT NULL,
                  sha256 TEXT NULL,
                  bytes_total INTEGER NULL,
                  created_at TEXT NOT NULL
                );
                CREATE TABLE item_local_audio (
                  item_id TEXT PRIMARY KEY REFERENCES library_item(id) ON DELETE CASCADE,
                  asset_id TEXT NOT NULL REFERENCES local_asset(id) ON DELETE CASCADE,
                  codec TEXT NULL,
                  sample_rate INTEGER NULL,
                  channels INTEGER NULL,
                  loopable INTEGER NOT NULL DEFAULT 0
                );
                """)
    }

    /// The six open-ended dimension tables and their join tables.
    private static func createDimensions(_ db: Database) throws {
        for dim in TagDimension.allCases {
            // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
            try db.execute(
                sql: """
                    CREATE TABLE \(dim.table) (
                      id INTEGER PRIMARY KEY,
                      name TEXT NOT NULL UNIQUE,
                      sort_order INTEGER NULL,
                      is_system INTEGER NOT NULL DEFAULT 1,
                      created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
                    );
                    CREATE TABLE \(dim.joinTable) (
                      item_id TEXT NOT NULL,
                      \(dim.joinColumn) INTEGER NOT NULL,
                      PRIMARY KEY(item_id, \(dim.joinColumn))
                    );
                    """)
        }
    }

    /// The nine required indexes, with their exact names.
    static let requiredIndexes: [(name: String, sql: String)] = [
        ("idx_library_item_kind", "library_item(kind)"),
        ("idx_item_location_location", "item_location(location_id)"),
        ("idx_item_mood_mood", "item_mood(mood_id)"),
        ("idx_item_music_theme_theme", "item_music_theme(music_theme_id)"),
        ("idx_item_atmo_theme_theme", "item_atmosphere_theme(atmosphere_theme_id)"),
        ("idx_item_sfx_theme_theme", "item_sfx_theme(sfx_theme_id)"),
        ("idx_item_creature_type_type", "item_creature_type(creature_type_id)"),
        ("idx_pack_item_pack", "pack_item(pack_id)"),
        ("idx_pack_state_state", "pack_state(state)"),
    ]

    private static func createRequiredIndexes(_ db: Database) throws {
        for index in requiredIndexes {
            // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
            try db.execute(sql: "CREATE INDEX \(index.name) ON \(index.sql)")
        }
    }

    /// What the client needs beyond the core schema: pack slugs, visibility of packs, the dense item
    /// number the facet index and the search table key on, and lookup indexes.
    private static func addClientColumns(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                ALTER TABLE pack ADD COLUMN slug TEXT;
                ALTER TABLE pack ADD COLUMN is_visible INTEGER NOT NULL DEFAULT 1;
                ALTER TABLE library_item ADD COLUMN item_number INTEGER;
                CREATE UNIQUE INDEX idx_pack_slug ON pack(slug);
                CREATE UNIQUE INDEX idx_library_item_number ON library_item(item_number);
                CREATE INDEX idx_pack_item_item ON pack_item(item_id);
                CREATE INDEX idx_local_asset_pack ON local_asset(pack_id);
                CREATE INDEX idx_item_local_audio_asset ON item_local_audio(asset_id);
                """)
    }

    /// One row remembering where the catalog lives and what was imported from it.
    private static func createCatalogState(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE TABLE catalog_state (
                  id INTEGER PRIMARY KEY CHECK(id = 1),
                  catalog_location TEXT NULL,
                  trusted_public_key TEXT NULL,
                  catalog_version INTEGER NULL,
                  seed_sha256 TEXT NULL,
                  last_sync_at TEXT NULL,
                  data_generation INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO catalog_state(id) VALUES (1);
                """)
    }

    /// Full-text search over title, subtitle and pack title; rowid = `library_item.item_number`.
    private static func createSearch(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE library_item_search USING fts5(
                  title, subtitle, pack_title,
                  tokenize = 'unicode61 remove_diacritics 2'
                )
                """)
    }

    /// The root of trust a data root reached (`client sync --trust-root`, then each root walked).
    private static func addTrustedRoot(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(sql: "ALTER TABLE catalog_state ADD COLUMN trusted_root TEXT NULL")
    }
}
