import GRDB

extension AppDatabase {
    /// Listening history: one row per stored play, per-target and per-source running totals kept
    /// by triggers (so all-time charts and stats never scan every play), the data root's install
    /// date (recorded once, when this migration runs), and the play-count baselines of imports.
    static func createListening(_ db: Database) throws {
        // Raw SQL: shipped DDL stays word for word, so every data root has the schema FORMAT.md §8 lists.
        try db.execute(
            sql: """
                CREATE TABLE play_event (
                  id INTEGER PRIMARY KEY,
                  play_id TEXT NOT NULL UNIQUE,
                  target TEXT NOT NULL,
                  target_kind TEXT NOT NULL CHECK(target_kind IN ('music','atmosphere','sfx','track')),
                  played_at TEXT NOT NULL,
                  source TEXT NOT NULL CHECK(source IN ('app','sync','manual','estimated')),
                  seconds_played REAL NULL,
                  target_duration REAL NULL,
                  title TEXT NOT NULL
                );
                CREATE INDEX idx_play_event_target_time ON play_event(target, played_at);
                CREATE INDEX idx_play_event_time ON play_event(played_at);
                CREATE INDEX idx_play_event_time_target ON play_event(played_at, target);

                CREATE TABLE play_target_total (
                  target TEXT PRIMARY KEY,
                  target_kind TEXT NOT NULL,
                  plays INTEGER NOT NULL,
                  last_played_at TEXT NOT NULL,
                  title TEXT NOT NULL
                );
                CREATE TABLE play_source_total (
                  source TEXT PRIMARY KEY,
                  plays INTEGER NOT NULL
                );
                CREATE TRIGGER play_event_counted AFTER INSERT ON play_event BEGIN
                  INSERT INTO play_target_total(target, target_kind, plays, last_played_at, title)
                    VALUES (NEW.target, NEW.target_kind, 1, NEW.played_at, NEW.title)
                    ON CONFLICT(target) DO UPDATE SET
                      plays = plays + 1,
                      title = CASE WHEN excluded.last_played_at >= last_played_at THEN excluded.title ELSE title END,
                      last_played_at = max(last_played_at, excluded.last_played_at);
                  INSERT INTO play_source_total(source, plays) VALUES (NEW.source, 1)
                    ON CONFLICT(source) DO UPDATE SET plays = plays + 1;
                END;
                CREATE TRIGGER play_event_uncounted AFTER DELETE ON play_event BEGIN
                  UPDATE play_target_total SET plays = plays - 1,
                    last_played_at = COALESCE((SELECT MAX(played_at) FROM play_event WHERE target = OLD.target), last_played_at)
                    WHERE target = OLD.target;
                  DELETE FROM play_target_total WHERE target = OLD.target AND plays <= 0;
                  UPDATE play_source_total SET plays = plays - 1 WHERE source = OLD.source;
                END;

                CREATE TABLE listening_state (
                  id INTEGER PRIMARY KEY CHECK(id = 1),
                  installed_at TEXT NOT NULL,
                  last_import_run_at TEXT NULL
                );
                INSERT INTO listening_state(id, installed_at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));

                CREATE TABLE play_import_baseline (
                  target TEXT PRIMARY KEY,
                  play_count INTEGER NOT NULL,
                  captured_at TEXT NOT NULL
                );
                """)
    }
}
