import CatalogFormat
import Foundation
import GRDB

/// The per-target play counts charts and stats are built from. Periods are range scans of the
/// (time, target) index; all time reads the running totals and subtracts the plays after the
/// cut-off, so it never scans every play.
enum ChartCounts {
    /// Plays in [from, to) at or before `cut`.
    static func inRange(from: Date, to: Date, cut: Date, kind: PlayTargetKind?, in db: Database) throws -> [ChartCount]
    {
        // Raw SQL: period counts scan the (time, target) index by name (INDEXED BY) and group; measured by soundshelf-bench plays.
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
        return try counts(db.makeStatement(sql: sql), arguments)
    }

    /// All plays at or before `now`, and at or before `cut` (an earlier moment), target by
    /// target in the same order: the running totals less the plays after each moment, all
    /// found by one range scan of the plays after `cut`.
    static func allTime(now: Date, cut: Date, kind: PlayTargetKind?, in db: Database) throws -> (
        current: [ChartCount], previous: [ChartCount]
    ) {
        // Raw SQL: read by column position (ColumnPositions) over every target; measured by soundshelf-bench plays.
        var sql = "SELECT target, plays, last_played_at, title, target_kind FROM play_target_total"
        var arguments: StatementArguments = []
        if let kind {
            sql += " WHERE target_kind = ?"
            arguments += [kind.rawValue]
        }
        var current = try counts(db.makeStatement(sql: sql), arguments)
        var previous = current
        let later = try laterPlays(now: now, cut: cut, in: db)
        guard !later.isEmpty else { return (current, previous) }
        for index in current.indices {
            guard let plays = later[current[index].target] else { continue }
            current[index].plays -= plays.afterNow
            if plays.afterNow > 0 { current[index].lastPlayedAt = plays.lastByNow ?? plays.lastByCut ?? "" }
            previous[index].plays -= plays.afterCut
            previous[index].lastPlayedAt = plays.lastByCut ?? ""
        }
        return (current, previous)
    }

    /// A target's plays after `cut`: how many, how many of them after `now`, and its latest play
    /// at or before each moment (at or before `now` only when that is not its latest play).
    struct LaterPlays {
        var afterCut: Int
        var afterNow: Int
        var lastByNow: String?
        var lastByCut: String?
    }

    /// One range scan of the (time, target) index for the plays after `cut`; the latest play at
    /// or before `cut` is one seek of the (target, time) index per target found.
    static func laterPlays(now: Date, cut: Date, in db: Database) throws -> [String: LaterPlays] {
        let cutText = ISO8601.string(cut)
        // Raw SQL: one grouped range scan with INDEXED BY and a correlated MAX; measured by soundshelf-bench plays.
        let statement = try db.makeStatement(
            sql: """
                SELECT w.target, w.after_cut, w.after_now,
                  CASE WHEN w.after_now > 0 THEN w.last_by_now END AS last_by_now,
                  (SELECT MAX(p.played_at) FROM play_event p INDEXED BY idx_play_event_target_time
                   WHERE p.target = w.target AND p.played_at <= :cut) AS last_by_cut
                FROM (SELECT target, COUNT(*) AS after_cut, SUM(played_at > :now) AS after_now,
                        MAX(CASE WHEN played_at <= :now THEN played_at END) AS last_by_now
                      FROM play_event INDEXED BY idx_play_event_time_target WHERE played_at > :cut
                      GROUP BY target) w
                """)
        let column = ColumnPositions(statement)
        let (target, afterCut, afterNow, lastByNow, lastByCut) = try (
            column["target"], column["after_cut"], column["after_now"], column["last_by_now"], column["last_by_cut"]
        )
        var result: [String: LaterPlays] = [:]
        let rows = try Row.fetchCursor(statement, arguments: ["cut": cutText, "now": ISO8601.string(now)])
        while let row = try rows.next() {
            result[row[target]] = LaterPlays(
                afterCut: row[afterCut], afterNow: row[afterNow], lastByNow: row[lastByNow], lastByCut: row[lastByCut])
        }
        return result
    }

    /// Rows of (target, plays, last_played_at, title, target_kind), read at positions looked up once.
    private static func counts(_ statement: Statement, _ arguments: StatementArguments) throws -> [ChartCount] {
        let column = ColumnPositions(statement)
        let (target, plays, lastPlayedAt, title, kind) = try (
            column["target"], column["plays"], column["last_played_at"], column["title"], column["target_kind"]
        )
        var result: [ChartCount] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            result.append(
                ChartCount(
                    target: row[target], kind: try PlayTargetKind.stored(row[kind]), plays: row[plays],
                    lastPlayedAt: row[lastPlayedAt], title: row[title]))
        }
        return result
    }

    /// Plays in [from, cut] (both inclusive).
    static func total(from: Date, cut: Date, in db: Database) throws -> Int {
        // Raw SQL: COUNT over the time index named by INDEXED BY (the query interface cannot name an index).
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
        for total in try PlaySourceTotalRecord.fetchAll(db) {
            result[try PlaySource.stored(total.source), default: 0] += total.plays
        }
        // Raw SQL: grouped count over the time index named by INDEXED BY.
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
