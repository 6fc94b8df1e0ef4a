import Testing

@testable import LibraryClient

/// The ranking compares latest plays as numbers where they have the stored form and as text
/// otherwise; either way the order is the text order the rule states.
@Suite struct ChartRankingTests {
    static func count(_ target: String, _ plays: Int, _ at: String, _ title: String = "Same") -> ChartCount {
        ChartCount(target: target, kind: .music, plays: plays, lastPlayedAt: at, title: title)
    }

    @Test func latestPlaysInAnyFormOrderAsText() {
        let counts = [
            Self.count("a", 2, "2026-01-01T10:00:00Z"), Self.count("b", 2, "2026-01-01T10:00:00.5Z"),
            Self.count("c", 2, "2025-12-31T23:59:59Z"), Self.count("d", 2, "2026-01-01T10:00:00Z", "Earlier title"),
            Self.count("e", 3, "2020-01-01T00:00:00Z"), Self.count("f", 0, "2027-01-01T00:00:00Z"),
            Self.count("g", 2, "2026-01-01T09:59:59+01:00"), Self.count("h", 2, "2026-01-01T10:00:01Z"),
        ]
        let expected = counts.filter { $0.plays > 0 }.sorted { a, b in
            a.plays != b.plays
                ? a.plays > b.plays
                : a.lastPlayedAt != b.lastPlayedAt
                    ? a.lastPlayedAt > b.lastPlayedAt : a.title != b.title ? a.title < b.title : a.target < b.target
        }.map(\.target)
        #expect(ChartRanking.order(counts).map { counts[$0].target } == expected)
        #expect(expected == ["e", "h", "d", "a", "b", "g", "c"])
    }

    @Test func timeKeysOnlyForTheStoredForm() {
        #expect(ChartRanking.timeKey("2026-01-01T10:00:00Z") == 20_260_101_100_000)
        for text in ["2026-01-01T10:00:00.5Z", "2026-01-01T10:00:00+01:00", "2026-01-01 10:00:00Z", "", "x"] {
            #expect(ChartRanking.timeKey(text) == ChartRanking.unparsed, "\(text)")
        }
    }
}
