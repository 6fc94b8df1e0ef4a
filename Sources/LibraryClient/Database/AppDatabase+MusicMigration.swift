import GRDB

extension AppDatabase {
    /// The music services' track cache: the Spotify playlist of an entry, canonical tracks with
    /// their full metadata, one source track per (service, service track id), and the refresh
    /// state of every service playlist. Only adds columns, tables and indexes: an existing
    /// library keeps everything it holds.
    static func createMusicTrackLibrary(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                ALTER TABLE music_playlist_ref ADD COLUMN spotify_playlist_id TEXT NULL;
                CREATE UNIQUE INDEX idx_music_playlist_ref_spotify ON music_playlist_ref(spotify_playlist_id);

                ALTER TABLE music_track_cache ADD COLUMN isrc TEXT NULL;
                ALTER TABLE music_track_cache ADD COLUMN genres TEXT NOT NULL DEFAULT '[]';
                ALTER TABLE music_track_cache ADD COLUMN composer TEXT NULL;
                ALTER TABLE music_track_cache ADD COLUMN album_artist TEXT NULL;
                ALTER TABLE music_track_cache ADD COLUMN release_date TEXT NULL;
                ALTER TABLE music_track_cache ADD COLUMN added_at TEXT NULL;
                CREATE INDEX idx_music_track_cache_match ON music_track_cache(title, artist, album);
                CREATE INDEX idx_music_track_cache_isrc ON music_track_cache(isrc);
                CREATE INDEX idx_playlist_track_track ON playlist_track(track_id);

                CREATE TABLE music_source_track (
                  service TEXT NOT NULL CHECK(service IN ('apple-music','spotify')),
                  service_track_id TEXT NOT NULL,
                  track_id TEXT NOT NULL REFERENCES music_track_cache(track_id) ON DELETE CASCADE,
                  title TEXT NOT NULL,
                  artist TEXT NOT NULL,
                  album TEXT NULL,
                  duration REAL NULL,
                  isrc TEXT NULL,
                  artwork_url TEXT NULL,
                  added_at TEXT NULL,
                  popularity INTEGER NULL,
                  preview_url TEXT NULL,
                  last_seen_at TEXT NOT NULL,
                  PRIMARY KEY(service, service_track_id)
                );
                CREATE INDEX idx_music_source_track_track ON music_source_track(track_id);

                CREATE TABLE music_service_playlist (
                  service TEXT NOT NULL CHECK(service IN ('apple-music','spotify')),
                  playlist_id TEXT NOT NULL,
                  name TEXT NULL,
                  description TEXT NULL,
                  artwork_url TEXT NULL,
                  owner_name TEXT NULL,
                  is_public INTEGER NULL,
                  track_total INTEGER NULL,
                  snapshot_id TEXT NULL,
                  last_success_at TEXT NULL,
                  last_attempt_at TEXT NULL,
                  last_error TEXT NULL,
                  PRIMARY KEY(service, playlist_id)
                );
                """)
    }
}
