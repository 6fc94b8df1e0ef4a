import Foundation
import GRDB

/// Play counts for today, this week, this month and all time, and all time by source.
public struct ListeningStats: Sendable, Hashable {
    /// Plays today (local time).
    public var today: Int
    /// Plays this local week.
    public var week: Int
    /// Plays this local month.
    public var month: Int
    /// Every play up to now.
    public var allTime: Int
    /// Plays per source (`app`, `sync`, `manual`, `estimated`).
    public var bySource: [PlaySource: Int]
}

/// Listening statistics, as of a moment (later plays count nowhere).
///
/// ```swift
/// let stats = try await library.stats.fetchStats()
/// print(stats.today, stats.allTime, stats.bySource[.estimated] ?? 0)
/// ```
public struct StatsRepository: Sendable {
    let context: LibraryContext

    /// The statistics as of `now`, with days, weeks and months in `timeZone`.
    public func fetchStats(now: Date = Date(), timeZone: TimeZone = .current) async throws -> ListeningStats {
        let day = ChartPeriod.day(containing: now, timeZone: timeZone)
        let week = ChartPeriod.week.interval(containing: now, timeZone: timeZone)
        let month = ChartPeriod.month.interval(containing: now, timeZone: timeZone)
        return try await context.database.read { db in
            let bySource = try ChartCounts.bySource(cut: now, in: db)
            return ListeningStats(
                today: try day.map { try ChartCounts.total(from: $0.start, cut: now, in: db) } ?? 0,
                week: try week.map { try ChartCounts.total(from: $0.start, cut: now, in: db) } ?? 0,
                month: try month.map { try ChartCounts.total(from: $0.start, cut: now, in: db) } ?? 0,
                allTime: bySource.values.reduce(0, +), bySource: bySource)
        }
    }
}
