import CatalogModel
import Foundation
import GRDB

/// The per-target play counts charts and stats are built from. Periods are range scans of the
/// (time, target) index; all time reads the running totals and subtracts the plays after the
/// cut-off, so it never scans every play.
enum ChartCounts {
    /// Plays in [from, to) at or before `cut`.
    static func inRange(from: Date, to: Date, cut: Date, kind: PlayTargetKind?, in db: Database) throws -> [ChartCount]
    {
        var sql = """
            SELECT g.target, g.plays, g.last_played_at, t.title, t.target_kind FROM
              (SELECT target, COUNT(*) AS plays, MAX(played_at) AS last_played_at
               FROM play_event INDEXED BY idx_play_event_time_target
               WHERE played_at >= ? AND played_at < ? AND played_at <= ? GROUP BY target) g
            JOIN play_target_total t ON t.target = g.target
            """
        var arguments: StatementArguments = [ISO8601.string(from), ISO8601.string(to), ISO8601.string(cut)]
        if let kind {
            sql += " WHERE t.target_kind = ?"
            arguments += [kind.rawValue]
        }
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map(count)
    }

    /// All plays at or before `cut`.
    static func allTime(cut: Date, kind: PlayTargetKind?, in db: Database) throws -> [ChartCount] {
        var sql = "SELECT target, plays, last_played_at, title, target_kind FROM play_target_total"
        var arguments: StatementArguments = []
        if let kind {
            sql += " WHERE target_kind = ?"
            arguments += [kind.rawValue]
        }
        var counts = try Row.fetchAll(db, sql: sql, arguments: arguments).map(count)
        let cutText = ISO8601.string(cut)
        let later = try Row.fetchAll(
            db,
            sql: """
                SELECT target, COUNT(*) AS later FROM play_event INDEXED BY idx_play_event_time_target
                WHERE played_at > ? GROUP BY target
                """, arguments: [cutText])
        guard !later.isEmpty else { return counts }
        var laterByTarget: [String: Int] = [:]
        for row in later { laterByTarget[row["target"]] = row["later"] }
        let latest = try db.cachedStatement(
            sql: "SELECT MAX(played_at) FROM play_event WHERE target = ? AND played_at <= ?")
        for index in counts.indices {
            guard let subtract = laterByTarget[counts[index].target] else { continue }
            counts[index].plays -= subtract
            if counts[index].plays > 0 {
                counts[index].lastPlayedAt =
                    try String.fetchOne(latest, arguments: [counts[index].target, cutText]) ?? ""
            }
        }
        return counts
    }

    private static func count(_ row: Row) throws -> ChartCount {
        ChartCount(
            target: row["target"], kind: try PlayTargetKind.stored(row["target_kind"]), plays: row["plays"],
            lastPlayedAt: row["last_played_at"], title: row["title"])
    }

    /// Plays in [from, cut] (both inclusive).
    static func total(from: Date, cut: Date, in db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT COUNT(*) FROM play_event INDEXED BY idx_play_event_time WHERE played_at >= ? AND played_at <= ?
                """, arguments: [ISO8601.string(from), ISO8601.string(cut)]) ?? 0
    }

    /// All plays at or before `cut`, by source.
    static func bySource(cut: Date, in db: Database) throws -> [PlaySource: Int] {
        var result: [PlaySource: Int] = [:]
        for source in PlaySource.allCases { result[source] = 0 }
        for row in try Row.fetchAll(db, sql: "SELECT source, plays FROM play_source_total") {
            result[try PlaySource.stored(row["source"]), default: 0] += row["plays"] as Int
        }
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT source, COUNT(*) AS later FROM play_event INDEXED BY idx_play_event_time WHERE played_at > ? GROUP BY source
                """, arguments: [ISO8601.string(cut)])
        {
            result[try PlaySource.stored(row["source"]), default: 0] -= row["later"] as Int
        }
        return result
    }
}
