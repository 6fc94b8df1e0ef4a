import CatalogModel
import Foundation
import GRDB
import TestSupport

@testable import LibraryClient

/// A synced data root with play targets: sfx items with the durations the counting rule cares
/// about, music entries, and one cached music track (`track:t.1`).
enum ListeningFixture {
    /// Item durations (seconds; nil = unknown) of sfx items 101…107.
    static let durations: [Double?] = [20, 30, 120, 240, 480, 900, nil]

    static func item(forDuration index: Int) -> String { tid(101 + index) }
    /// Music entries 1…6 (duration 3600, so 240 s counts).
    static func music(_ n: Int) -> String { tid(n) }
    static let track = "track:t.1"

    static func seed(version: Int = 1, retitle: Bool = false, dropItem: Bool = false) -> Seed {
        var music = (1...6).map { SeedFactory.music($0, "Song \($0)") }
        if retitle { music[0].title = "Song 1 (Remastered)" }
        if dropItem { music.removeLast() }
        let items = durations.enumerated().map { i, d in SeedFactory.item(101 + i, "Sound \(i)", order: i, duration: d)
        }
        return SeedFactory.seed(
            version: version, music: music, packs: [SeedFactory.pack(100, "sounds", kind: .sfx, items: items)])
    }

    static func harness() async throws -> Harness {
        let h = try Harness()
        try await h.publishAndSync(seed())
        try await h.library.database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO music_track_cache(track_id, title, artist, duration, last_seen_at)
                    VALUES ('t.1', 'Cached Track', 'Artist', 200, '2026-01-01T00:00:00Z')
                    """)
        }
        return h
    }

    static func date(_ text: String) -> Date { ISO8601.date(text)! }

    /// Every stored play, oldest first: (target, at, source).
    static func plays(_ h: Harness) async throws -> [(target: String, at: String, source: String)] {
        try await h.library.database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT target, played_at, source FROM play_event ORDER BY played_at, id").map {
                (target: $0["target"], at: $0["played_at"], source: $0["source"])
            }
        }
    }
}

extension PlayOutcome {
    var isCounted: Bool { if case .counted = self { true } else { false } }
}
