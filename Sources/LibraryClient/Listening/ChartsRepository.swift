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
        let (counts, previousRanks) = try await context.database.read { db in
            if let current, let previous {
                let counts = try ChartCounts.inRange(from: current.start, to: current.end, cut: now, kind: kind, in: db)
                let previousCounts = try ChartCounts.inRange(
                    from: previous.start, to: previous.end, cut: now, kind: kind, in: db)
                let ranks = ChartRanking.ranksByTarget(previousCounts)
                return (counts, counts.map { ranks[$0.target] })
            }
            // Both all-time charts hold the same targets at the same positions.
            let (counts, previousCounts) = try ChartCounts.allTime(now: now, cut: weekEarlier, kind: kind, in: db)
            return (counts, ChartRanking.ranks(ChartRanking.order(previousCounts), count: previousCounts.count))
        }
        var order = ChartRanking.order(counts)
        if let limit { order = Array(order.prefix(max(0, limit))) }
        let entries = order.enumerated().map { index, position in
            let count = counts[position]
            let previousRank = previousRanks[position]
            return ChartEntry(
                rank: index + 1, previousRank: previousRank,
                movement: ChartRanking.movement(rank: index + 1, previousRank: previousRank),
                plays: count.plays, target: count.target, title: count.title)
        }
        return Chart(period: period, from: current?.start, to: current?.end, entries: entries)
    }
}
