import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// The history: newest first, keyset pages that neither skip nor repeat, `since`, and titles that
/// survive the catalog changing or dropping their target and uninstalling its pack.
@Suite struct HistoryTests {
    @Test func pagesWalkEveryPlayNewestFirst() async throws {
        let h = try await ListeningFixture.harness()
        let t0 = ListeningFixture.date("2026-02-01T00:00:00Z")
        // 25 plays, several sharing a second, so pages split inside equal times.
        for i in 0..<25 {
            let target = ListeningFixture.music(1 + i % 5)
            _ = try await h.library.plays.record(
                PlayInput(target: target, secondsPlayed: 900, at: t0 + Double(i / 5 * 600), source: .manual))
        }
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try await h.library.history.fetchHistory(limit: 7, after: cursor)
            seen += page.plays.map(\.playID)
            #expect(page.plays.count <= 7)
            if let next = page.nextCursor {
                #expect(next.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            }
            cursor = page.nextCursor
        } while cursor != nil
        let all = try await h.library.history.fetchHistory(limit: 100)
        #expect(seen == all.plays.map(\.playID) && Set(seen).count == 25 && all.nextCursor == nil)
        #expect(all.plays.map(\.at) == all.plays.map(\.at).sorted(by: >))
        let since = try await h.library.history.fetchHistory(limit: 100, since: t0 + 1800)
        #expect(since.plays.count == 10 && since.plays.allSatisfy { $0.at >= t0 + 1800 })
        await #expect(throws: PagingError.invalidCursor("bm90LWEtY3Vyc29y")) {
            try await h.library.history.fetchHistory(after: "bm90LWEtY3Vyc29y")
        }
        // A cursor of another data root, or of the list with another --since, is refused.
        let first = try #require(try await h.library.history.fetchHistory(limit: 3).nextCursor)
        let other = try await ListeningFixture.harness()
        await #expect(throws: PagingError.invalidCursor(first)) {
            try await other.library.history.fetchHistory(after: first)
        }
        await #expect(throws: PagingError.foreignCursor(first, expected: "history")) {
            try await h.library.history.fetchHistory(after: first, since: t0)
        }
    }

    @Test func playsOutliveTheirTargetsAndKeepTheirTitles() async throws {
        let h = try await ListeningFixture.harness()
        let at = ListeningFixture.date("2026-02-01T00:00:00Z")
        for n in [1, 6] {
            #expect(
                try await h.library.plays.record(
                    PlayInput(
                        target: ListeningFixture.music(n), secondsPlayed: 900, at: at + Double(n * 100),
                        source: .manual)
                ).isCounted)
        }
        #expect(
            try await h.library.plays.record(
                PlayInput(
                    target: ListeningFixture.item(forDuration: 1), secondsPlayed: 30, at: at,
                    source: .manual)
            ).isCounted)
        // The catalog retitles Song 1 and drops Song 6; the sfx pack is uninstalled.
        try await h.publishAndSync(ListeningFixture.seed(version: 2, retitle: true, dropItem: true))
        _ = try await h.library.makeDownloadManager().deletePack(PackReference(tid(100)))
        let history = try await h.library.history.fetchHistory()
        #expect(history.plays.map(\.title) == ["Song 6", "Song 1", "Sound 1"])
        let chart = try await h.library.charts.fetchChart(now: at + 3600)
        #expect(chart.entries.map(\.title) == ["Song 6", "Song 1", "Sound 1"])
        // New plays carry the new title.
        _ = try await h.library.plays.record(
            PlayInput(target: ListeningFixture.music(1), secondsPlayed: 900, at: at + 1800, source: .manual))
        #expect(try await h.library.history.fetchHistory(limit: 1).plays.first?.title == "Song 1 (Remastered)")
    }
}
