import CatalogModel
import Foundation
import GRDB
import LibraryClient
import SyntheticData

/// A data root holding `plays` synthetic plays of `targets` targets over the three years before
/// `now` (popularity skewed, so ranks differ), marked as synced so `client` accepts it.
enum PlaysBenchData {
    /// Target n's id: a random-looking UUID, as real ids are (`SyntheticSeed.id`).
    static func target(_ n: Int) -> String { SyntheticSeed.id(n) }
    static func title(_ n: Int) -> String { String(format: "Target %06d", n) }

    static func fill(root: URL, plays: Int, targets: Int, now: Date) async throws {
        let library = try Library(root: root, mode: .sql)
        let kinds = ["music", "music", "music", "sfx", "atmosphere"]
        let sources = ["app", "app", "sync", "manual", "estimated"]
        let span = 3 * 365 * 86_400.0
        let end = now.timeIntervalSince1970
        // Plays arrive in time order, as a history grows; a big page cache for the one fill transaction.
        var timeRNG = SplitMix64(seed: 2025)
        let times = (0..<plays).map { _ in (end - timeRNG.unit() * span).rounded(.down) }.sorted()
        try await library.database.writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA cache_size = -262144") }
        try await library.database.writer.write { db in
            try db.execute(
                sql: "UPDATE catalog_state SET seed_sha256 = 'synthetic-plays', catalog_version = 1 WHERE id = 1")
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO play_event(play_id, target, target_kind, played_at, source, seconds_played, target_duration, title)
                    VALUES (?, ?, ?, ?, ?, 240, 300, ?)
                    """)
            var rng = SplitMix64(seed: 2026)
            for (i, time) in times.enumerated() {
                let u = rng.unit()
                let n = min(targets - 1, Int(u * u * Double(targets)))
                let at = Date(timeIntervalSince1970: time)
                try insert.execute(arguments: [
                    SyntheticSeed.id(100_000_000 + i), target(n), kinds[n % kinds.count],
                    ISO8601.string(at), sources[rng.below(sources.count)], title(n),
                ])
            }
        }
        try await library.database.writer.writeWithoutTransaction {
            try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
