import Foundation
import Testing

@testable import LibraryClient

/// The previous all-time chart (as of 7 days before now) worked out from the current totals
/// less the plays of the last 7 days: plays on both sides of the cut-off, one exactly at it,
/// one exactly at now, one after now, and a tie decided by the latest play before the cut-off.
@Suite struct ChartsPreviousAllTimeTests {
    static let now = ListeningFixture.date("2026-02-20T12:00:00Z")
    static let plays: [(Int, String)] = [
        (1, "2026-01-01T10:00:00Z"), (1, "2026-01-02T10:00:00Z"), (1, "2026-01-03T10:00:00Z"),
        // Song 2: tied with song 3 at the cut-off, with the earlier latest play there; its
        // latest play overall (at now) is later than song 3's.
        (2, "2026-01-05T10:00:00Z"), (2, "2026-01-06T10:00:00Z"), (2, "2026-02-15T10:00:00Z"),
        (2, "2026-02-20T12:00:00Z"), (2, "2026-02-21T10:00:00Z"),
        (3, "2026-01-07T10:00:00Z"), (3, "2026-01-08T10:00:00Z"),
        // Song 4 only in the last 7 days; song 5 exactly at the cut-off; song 6 only after now.
        (4, "2026-02-16T10:00:00Z"), (5, "2026-02-13T12:00:00Z"), (6, "2026-02-22T10:00:00Z"),
    ]

    @Test(arguments: [ChartFilter.everything, .kind(.music)])
    func previousRanksAreTheChartAsOfSevenDaysEarlier(filter: ChartFilter) async throws {
        let h = try await ListeningFixture.harness()
        for (song, at) in Self.plays {
            let outcome = try await h.library.plays.record(
                PlayInput(
                    target: ListeningFixture.music(song), secondsPlayed: 900, at: ListeningFixture.date(at),
                    source: .manual))
            #expect(outcome.isCounted, "song \(song) at \(at)")
        }
        let chart = try await h.library.charts.fetchChart(
            period: .all, filter: filter, now: Self.now, timeZone: TimeZone(identifier: "UTC")!)
        let rows = chart.entries.map { ($0.target, $0.plays, $0.previousRank, $0.movement) }
        let expected: [(Int, Int, Int?, ChartMovement)] = [
            (2, 4, 3, .up), (1, 3, 1, .down), (3, 2, 2, .down), (4, 1, nil, .new), (5, 1, 4, .down),
        ]
        #expect(rows.map(\.0) == expected.map { ListeningFixture.music($0.0) })
        #expect(rows.map(\.1) == expected.map(\.1))
        #expect(rows.map(\.2) == expected.map(\.2))
        #expect(rows.map(\.3) == expected.map(\.3))
        #expect(chart.entries.map(\.rank) == [1, 2, 3, 4, 5])
    }
}
