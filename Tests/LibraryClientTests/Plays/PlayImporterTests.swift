import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Play counts from another player: estimated plays on first sight, sync plays afterwards, lower
/// counts, the 5-minute rate limit, and files that import nothing.
@Suite struct PlayImporterTests {
    static func file(_ captured: String, _ songs: [(String, Int)]) throws -> PlayCountFile {
        let json: [String: Any] = ["capturedAt": captured, "songs": songs.map { ["target": $0.0, "playCount": $0.1] }]
        return try PlayCountFile(data: try JSONSerialization.data(withJSONObject: json), name: "counts.json")
    }

    /// The reference spread: n plays in (a, b] at a + k·(b − a)/n, k = 1…n, whole seconds.
    static func spread(_ n: Int, after a: Date, until b: Date) -> [String] {
        let start = Int(a.timeIntervalSince1970)
        let span = Int(b.timeIntervalSince1970) - start
        return (1...max(1, n)).prefix(n).map {
            ISO8601.string(Date(timeIntervalSince1970: Double(start + span * $0 / n)))
        }
    }

    @Test func firstImportSpreadsEstimatedPlaysOverTheYearBefore() async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        let b = ListeningFixture.music(2)
        let captured = "2026-06-01T12:00:00Z"
        let capturedDate = ListeningFixture.date(captured)
        let summary = try await h.library.playImports.importCounts(
            try Self.file(captured, [(a, 4), (b, 3), (ListeningFixture.track, 0)]))
        #expect(summary == PlayImportSummary(created: 7, estimated: 7, skipped: false))
        let plays = try await ListeningFixture.plays(h)
        let yearBefore = capturedDate - 365 * 86_400
        #expect(plays.filter { $0.target == a }.map(\.at) == Self.spread(4, after: yearBefore, until: capturedDate))
        #expect(plays.filter { $0.target == b }.map(\.at) == Self.spread(3, after: yearBefore, until: capturedDate))
        #expect(plays.filter { $0.target == a }.map(\.at).last == captured)
        #expect(Set(plays.map(\.source)) == ["estimated"])
    }

    @Test func laterImportsAddSyncPlaysSinceThePreviousCapture() async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        let b = ListeningFixture.music(2)
        let first = "2026-06-01T12:00:00Z"
        let second = "2026-06-02T12:00:00Z"
        let third = "2026-06-03T12:00:00Z"
        let now = Date()
        _ = try await h.library.playImports.importCounts(try Self.file(first, [(a, 2)]), now: now)
        // a: 2 → 5 (three sync plays), b: first sight (estimated).
        let summary = try await h.library.playImports.importCounts(
            try Self.file(second, [(a, 5), (b, 1)]), now: now + 301)
        #expect(summary == PlayImportSummary(created: 4, estimated: 1, skipped: false))
        let plays = try await ListeningFixture.plays(h)
        let syncTimes = plays.filter { $0.target == a && $0.source == "sync" }.map(\.at)
        #expect(syncTimes == Self.spread(3, after: ListeningFixture.date(first), until: ListeningFixture.date(second)))
        // A lower count only moves the baseline; the next rise counts from it and from its capture.
        let lower = try await h.library.playImports.importCounts(try Self.file(third, [(a, 1)]), now: now + 602)
        #expect(lower == PlayImportSummary(created: 0, estimated: 0, skipped: false))
        let fourth = "2026-06-04T12:00:00Z"
        let rise = try await h.library.playImports.importCounts(try Self.file(fourth, [(a, 3)]), now: now + 903)
        #expect(rise == PlayImportSummary(created: 2, estimated: 0, skipped: false))
        let latest = try await ListeningFixture.plays(h).filter { $0.target == a && $0.at > third }.map(\.at)
        #expect(latest == Self.spread(2, after: ListeningFixture.date(third), until: ListeningFixture.date(fourth)))
        #expect(try await ListeningFixture.plays(h).count == 2 + 3 + 1 + 2)
    }

    @Test func runsWithinFiveMinutesAreSkippedUnlessForced() async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        let now = Date()
        _ = try await h.library.playImports.importCounts(try Self.file("2026-06-01T12:00:00Z", [(a, 1)]), now: now)
        let next = try Self.file("2026-06-01T13:00:00Z", [(a, 3)])
        let skipped = try await h.library.playImports.importCounts(next, now: now + 299)
        #expect(skipped == PlayImportSummary(created: 0, estimated: 0, skipped: true))
        #expect(try await ListeningFixture.plays(h).count == 1)
        let forced = try await h.library.playImports.importCounts(next, force: true, now: now + 299)
        #expect(forced == PlayImportSummary(created: 2, estimated: 0, skipped: false))
        // The forced run restarts the clock.
        let again = try await h.library.playImports.importCounts(
            try Self.file("2026-06-01T14:00:00Z", [(a, 4)]), now: now + 500)
        #expect(again.skipped)
        let later = try await h.library.playImports.importCounts(
            try Self.file("2026-06-01T14:00:00Z", [(a, 4)]), now: now + 600)
        #expect(later == PlayImportSummary(created: 1, estimated: 0, skipped: false))
    }

    @Test func anUnknownTargetImportsNothing() async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        _ = try await h.library.playImports.importCounts(try Self.file("2026-06-01T12:00:00Z", [(a, 1)]))
        let before = try await h.dump()
        let bad = try Self.file(
            "2026-06-02T12:00:00Z",
            [(a, 5), (ListeningFixture.music(2), 2), (ListeningFixture.music(3), 1), ("track:missing", 2)])
        await #expect(
            throws: ListeningError.unknownImportTarget(
                file: "counts.json", path: "$.songs[3].target", target: "track:missing")
        ) {
            try await h.library.playImports.importCounts(bad, name: "counts.json", force: true)
        }
        #expect(try await h.dump() == before)
    }

    @Test(arguments: [
        (#"{"songs": []}"#, "$.capturedAt"),
        (#"{"capturedAt": "yesterday", "songs": []}"#, "$.capturedAt"),
        (#"{"capturedAt": "2026-01-01T00:00:00Z"}"#, "$.songs"),
        (
            #"{"capturedAt": "2026-01-01T00:00:00Z", "songs": [{"target": "a", "playCount": 1}, {"playCount": 2}]}"#,
            "$.songs[1].target"
        ),
        (
            #"{"capturedAt": "2026-01-01T00:00:00Z", "songs": [{"target": "a", "playCount": -1}]}"#,
            "$.songs[0].playCount"
        ),
        (
            #"{"capturedAt": "2026-01-01T00:00:00Z", "songs": [{"target": "a", "playCount": 1.5}]}"#,
            "$.songs[0].playCount"
        ),
        (
            #"{"capturedAt": "2026-01-01T00:00:00Z", "songs": [{"target": "a", "playCount": true}]}"#,
            "$.songs[0].playCount"
        ),
        (
            #"{"capturedAt": "2026-01-01T00:00:00Z", "songs": [{"target": "a", "playCount": 1}, {"target": "a", "playCount": 1}]}"#,
            "$.songs[1].target"
        ),
        (#"[1]"#, "$"),
    ])
    func malformedFilesNameTheJSONPath(text: String, path: String) throws {
        #expect {
            _ = try PlayCountFile(data: Data(text.utf8), name: "counts.json")
        } throws: { error in
            guard case .invalidImportFile(let file, let reported, _) = error as? ListeningError else { return false }
            return file == "counts.json" && reported == path
        }
    }
}
