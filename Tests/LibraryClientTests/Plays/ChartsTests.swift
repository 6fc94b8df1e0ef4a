import CatalogModel
import Foundation
import GRDB
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// Charts and stats over a fixed, seeded set of plays spanning a year boundary, month and week
/// boundaries and the March daylight-saving changes, checked against a brute-force reference
/// that buckets every play by its local calendar fields.
@Suite struct ChartsTests {
    static let targets =
        (1...6).map(ListeningFixture.music) + [
            ListeningFixture.item(forDuration: 0),
            ListeningFixture.item(forDuration: 6), ListeningFixture.track,
        ]
    static let spans = [
        ("2025-12-15T00:00:00Z", "2026-01-15T00:00:00Z"), ("2026-02-25T00:00:00Z", "2026-04-06T00:00:00Z"),
    ]

    /// ~400 manual plays at seeded random times, a few pairs at the very same second (ties on
    /// the latest play), some plays after the moments charted (which must count nowhere).
    static func recordPlays(_ h: Harness) async throws -> Int {
        var rng = SplitMix64(seed: 15)
        var counted = 0
        for (from, to) in spans {
            let start = ListeningFixture.date(from).timeIntervalSince1970
            let length = ListeningFixture.date(to).timeIntervalSince1970 - start
            for _ in 0..<200 {
                // Skewed towards the first targets, so ranks differ and ties still happen.
                let target = targets[min(rng.below(targets.count), rng.below(targets.count))]
                let at = Date(timeIntervalSince1970: (start + rng.unit() * length).rounded(.down))
                let outcome = try await h.library.plays.record(
                    PlayInput(target: target, secondsPlayed: 900, at: at, source: .manual))
                if outcome.isCounted { counted += 1 }
                if rng.below(10) == 0 {
                    let other = targets[rng.below(targets.count)]
                    if try await h.library.plays.record(
                        PlayInput(target: other, secondsPlayed: 900, at: at, source: .manual)
                    ).isCounted {
                        counted += 1
                    }
                }
            }
        }
        return counted
    }

    struct Play {
        var target: String
        var at: Date
        var kind: String
        var title: String
    }

    static func storedPlays(_ h: Harness) async throws -> [Play] {
        try await h.library.database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT target, played_at, target_kind, title FROM play_event").map {
                Play(
                    target: $0["target"], at: ISO8601.date($0["played_at"])!, kind: $0["target_kind"],
                    title: $0["title"])
            }
        }
    }

    /// The reference: bucket keys from the ISO-8601 calendar's fields in the zone.
    static func key(_ date: Date, _ period: ChartPeriod, _ calendar: Calendar) -> [Int] {
        switch period {
        case .all: return []
        case .week:
            let c = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            return [c.yearForWeekOfYear!, c.weekOfYear!]
        case .month:
            let c = calendar.dateComponents([.year, .month], from: date)
            return [c.year!, c.month!]
        case .year: return [calendar.component(.year, from: date)]
        }
    }

    struct Row4: Equatable {
        var rank: Int
        var previousRank: Int?
        var movement: ChartMovement
        var plays: Int
        var target: String
        var title: String
    }

    static func reference(_ plays: [Play], period: ChartPeriod, kind: String?, now: Date, zone: TimeZone) -> [Row4] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        let kept = plays.filter { kind == nil || $0.kind == kind }
        func chart(_ include: (Play) -> Bool) -> [(String, Int, Date, String)] {
            var byTarget: [String: (Int, Date, String)] = [:]
            for play in kept where include(play) {
                let old = byTarget[play.target] ?? (0, .distantPast, play.title)
                byTarget[play.target] = (old.0 + 1, max(old.1, play.at), play.title)
            }
            return byTarget.map { ($0.key, $0.value.0, $0.value.1, $0.value.2) }.sorted {
                $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 != $1.2 ? $0.2 > $1.2 : $0.3 != $1.3 ? $0.3 < $1.3 : $0.0 < $1.0
            }
        }
        let current: [(String, Int, Date, String)]
        let previous: [(String, Int, Date, String)]
        if period == .all {
            let cut = calendar.date(byAdding: .day, value: -7, to: now)!
            current = chart { $0.at <= now }
            previous = chart { $0.at <= cut }
        } else {
            let unit: Calendar.Component = period == .week ? .weekOfYear : period == .month ? .month : .year
            let earlier = calendar.date(byAdding: unit, value: -1, to: now)!
            let nowKey = key(now, period, calendar)
            let previousKey = key(earlier, period, calendar)
            current = chart { $0.at <= now && key($0.at, period, calendar) == nowKey }
            previous = chart { key($0.at, period, calendar) == previousKey }
        }
        var previousRanks: [String: Int] = [:]
        for (i, entry) in previous.enumerated() { previousRanks[entry.0] = i + 1 }
        return current.enumerated().map { i, entry in
            let before = previousRanks[entry.0]
            let movement: ChartMovement = before == nil ? .new : before! > i + 1 ? .up : before! < i + 1 ? .down : .same
            return Row4(
                rank: i + 1, previousRank: before, movement: movement, plays: entry.1, target: entry.0, title: entry.3)
        }
    }

    static let moments: [(String, String)] = [
        ("Europe/Berlin", "2025-12-31T23:30:00+01:00"), ("Europe/Berlin", "2026-01-01T00:30:00+01:00"),
        ("Europe/Berlin", "2026-01-05T00:10:00+01:00"), ("Europe/Berlin", "2026-03-29T23:30:00+02:00"),
        ("Europe/Berlin", "2026-03-30T00:30:00+02:00"), ("Europe/Berlin", "2026-04-01T00:10:00+02:00"),
        ("America/Los_Angeles", "2026-03-08T23:30:00-07:00"), ("America/Los_Angeles", "2026-03-09T00:30:00-07:00"),
        ("America/Los_Angeles", "2026-01-01T00:15:00-08:00"), ("America/Los_Angeles", "2026-03-02T00:05:00-08:00"),
        ("UTC", "2026-01-12T12:00:00Z"),
    ]

    @Test func chartsMatchTheBruteForceReference() async throws {
        let h = try await ListeningFixture.harness()
        let counted = try await Self.recordPlays(h)
        let plays = try await Self.storedPlays(h)
        #expect(plays.count == counted && counted > 350)
        var compared = 0
        for (zoneName, text) in Self.moments {
            let zone = try #require(TimeZone(identifier: zoneName))
            let now = ListeningFixture.date(text)
            for period in ChartPeriod.allCases {
                for (filter, kind) in [
                    (ChartFilter.everything, nil), (.kind(.music), "music"), (.kind(.sfx), "sfx"), (.tracks, "track"),
                ] {
                    let chart = try await h.library.charts.fetchChart(
                        period: period, filter: filter, now: now, timeZone: zone)
                    let got = chart.entries.map {
                        Row4(
                            rank: $0.rank, previousRank: $0.previousRank, movement: $0.movement,
                            plays: $0.plays, target: $0.target, title: $0.title)
                    }
                    let expected = Self.reference(plays, period: period, kind: kind, now: now, zone: zone)
                    #expect(got == expected, "\(period) \(filter) at \(text) in \(zoneName)")
                    compared += expected.count
                }
            }
        }
        #expect(compared > 500)
    }

    @Test(arguments: [
        (
            "Europe/Berlin", "2026-03-29T23:30:00+02:00", ChartPeriod.week, "2026-03-22T23:00:00Z",
            "2026-03-29T22:00:00Z"
        ),
        ("Europe/Berlin", "2026-03-30T00:30:00+02:00", .week, "2026-03-29T22:00:00Z", "2026-04-05T22:00:00Z"),
        ("Europe/Berlin", "2026-03-15T12:00:00+01:00", .month, "2026-02-28T23:00:00Z", "2026-03-31T22:00:00Z"),
        ("America/Los_Angeles", "2026-03-08T23:30:00-07:00", .week, "2026-03-02T08:00:00Z", "2026-03-09T07:00:00Z"),
        ("America/Los_Angeles", "2026-06-01T00:00:00-07:00", .year, "2026-01-01T08:00:00Z", "2027-01-01T08:00:00Z"),
    ])
    func periodBoundsInTheLocalZone(zone: String, now: String, period: ChartPeriod, from: String, to: String)
        async throws
    {
        let h = try await ListeningFixture.harness()
        let chart = try await h.library.charts.fetchChart(
            period: period, now: ListeningFixture.date(now),
            timeZone: try #require(TimeZone(identifier: zone)))
        #expect(chart.from.map(ISO8601.string) == from && chart.to.map(ISO8601.string) == to)
    }

    @Test func tiesGoToTheLaterPlayThenTitleThenTarget() async throws {
        let h = try await ListeningFixture.harness()
        try await h.library.database.writer.write { db in
            try db.execute(
                sql:
                    "INSERT INTO music_track_cache(track_id, title, artist, duration, last_seen_at) VALUES ('t.2', 'Song 1', 'X', 200, 'now')"
            )
        }
        let t = ListeningFixture.date("2026-02-10T10:00:00Z")
        for (target, at) in [
            (ListeningFixture.music(2), t), ("track:t.2", t), (ListeningFixture.music(1), t),
            (ListeningFixture.music(3), t - 3600), (ListeningFixture.music(4), t + 60),
        ] {
            #expect(
                try await h.library.plays.record(PlayInput(target: target, secondsPlayed: 900, at: at, source: .manual))
                    .isCounted)
        }
        let chart = try await h.library.charts.fetchChart(
            period: .all, now: t + 3600, timeZone: TimeZone(identifier: "UTC")!)
        #expect(
            chart.entries.map(\.target) == [
                ListeningFixture.music(4), ListeningFixture.music(1), "track:t.2",
                ListeningFixture.music(2), ListeningFixture.music(3),
            ])
        #expect(chart.entries.map(\.movement) == Array(repeating: .new, count: 5))
        let limited = try await h.library.charts.fetchChart(
            period: .all, limit: 2, now: t + 3600, timeZone: TimeZone(identifier: "UTC")!)
        #expect(limited.entries.map(\.rank) == [1, 2])
        // As of before the latest play, it counts nowhere.
        let earlier = try await h.library.charts.fetchChart(
            period: .all, now: t, timeZone: TimeZone(identifier: "UTC")!)
        #expect(!earlier.entries.map(\.target).contains(ListeningFixture.music(4)))
    }

    @Test func statsCountTheSamePeriods() async throws {
        let h = try await ListeningFixture.harness()
        _ = try await Self.recordPlays(h)
        _ = try await h.library.playImports.importCounts(
            try PlayImporterTests.file("2026-03-20T00:00:00Z", [(ListeningFixture.music(5), 3)]))
        let plays = try await Self.storedPlays(h)
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let now = ListeningFixture.date("2026-03-30T00:30:00+02:00")
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        let stats = try await h.library.stats.fetchStats(now: now, timeZone: zone)
        func count(_ components: Set<Calendar.Component>) -> Int {
            plays.filter {
                $0.at <= now
                    && calendar.dateComponents(components, from: $0.at)
                        == calendar.dateComponents(components, from: now)
            }.count
        }
        #expect(stats.today == count([.year, .month, .day]))
        #expect(stats.week == count([.yearForWeekOfYear, .weekOfYear]))
        #expect(stats.month == count([.year, .month]))
        #expect(stats.allTime == plays.filter { $0.at <= now }.count && stats.allTime < plays.count)
        #expect(stats.bySource[.estimated] == 3 && stats.bySource[.manual] == stats.allTime - 3)
        #expect(stats.bySource[.app] == 0 && stats.bySource[.sync] == 0)
    }
}
