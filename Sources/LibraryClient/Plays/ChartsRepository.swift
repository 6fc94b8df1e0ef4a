import Foundation
import GRDB

/// Personal charts: targets ranked by plays in a period (estimated plays included), with the
/// rank each had in the previous period and how it moved.
///
/// ```swift
/// let chart = try await library.charts.fetchChart(period: .week, filter: .kind(.music), limit: 10)
/// for entry in chart.entries { print(entry.rank, entry.movement, entry.plays, entry.title) }
/// ```
public struct ChartsRepository: Sendable {
    let context: LibraryContext

    /// The chart of the `period` containing `now`, as of `now` (later plays count nowhere); the
    /// previous chart of `all` is the all-time chart as of 7 calendar days earlier.
    /// Ranks and previous ranks are among the targets `filter` keeps; `limit` cuts the list after ranking.
    public func fetchChart(
        period: ChartPeriod = .all, filter: ChartFilter = .everything, limit: Int? = nil,
        now: Date = Date(), timeZone: TimeZone = .current
    ) async throws -> Chart {
        let kind = filter.targetKind
        let current = period.interval(containing: now, timeZone: timeZone)
        let previous = period.previousInterval(before: now, timeZone: timeZone)
        let weekEarlier = ChartPeriod.calendar(timeZone).date(byAdding: .day, value: -7, to: now) ?? now - 7 * 86_400
        let (counts, previousCounts) = try await context.database.read { db in
            if let current, let previous {
                return (
                    try ChartCounts.inRange(from: current.start, to: current.end, cut: now, kind: kind, in: db),
                    try ChartCounts.inRange(from: previous.start, to: previous.end, cut: now, kind: kind, in: db)
                )
            }
            return try ChartCounts.allTime(now: now, cut: weekEarlier, kind: kind, in: db)
        }
        // The previous chart is ranked on another thread while this one ranks the current one.
        async let previousRanks = Self.previousRanks(
            counts: counts, previousCounts: previousCounts, samePositions: current == nil)
        var order = ChartRanking.order(counts)
        if let limit { order = Array(order.prefix(max(0, limit))) }
        let ranks = await previousRanks
        let entries = order.enumerated().map { index, position in
            let count = counts[position]
            let previousRank = ranks[position]
            return ChartEntry(
                rank: index + 1, previousRank: previousRank,
                movement: ChartRanking.movement(rank: index + 1, previousRank: previousRank),
                plays: count.plays, target: count.target, title: count.title)
        }
        return Chart(period: period, from: current?.start, to: current?.end, entries: entries)
    }

    /// The previous rank per position in `counts`. The all-time charts hold the same targets at
    /// the same positions (`samePositions`); periods are matched by target.
    static func previousRanks(counts: [ChartCount], previousCounts: [ChartCount], samePositions: Bool) -> [Int?] {
        if samePositions {
            return ChartRanking.ranks(ChartRanking.order(previousCounts), count: previousCounts.count)
        }
        let ranks = ChartRanking.ranksByTarget(previousCounts)
        return counts.map { ranks[$0.target] }
    }
}
