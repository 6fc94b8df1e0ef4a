import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import LibraryClient

/// Which plays are stored: the counting rule at its boundaries, the install date, duplicates
/// across sources, and targets the library does not know.
@Suite struct PlayRecorderTests {
    static let future = ListeningFixture.date("2031-01-01T12:00:00Z")

    /// (duration, seconds needed): min(max(30, D/2), 240, D), or 30 when unknown.
    static let thresholds: [(Int, Double)] = [(0, 20), (1, 30), (2, 60), (3, 120), (4, 240), (5, 240), (6, 30)]

    @Test(arguments: thresholds)
    func countsExactlyAtTheThreshold(durationIndex: Int, needed: Double) async throws {
        let h = try await ListeningFixture.harness()
        let target = ListeningFixture.item(forDuration: durationIndex)
        let short = try await h.library.plays.record(
            PlayInput(target: target, secondsPlayed: needed - 1, at: Self.future))
        #expect(short == .notCounted(.short(needed: needed)))
        let exact = try await h.library.plays.record(PlayInput(target: target, secondsPlayed: needed, at: Self.future))
        #expect(exact.isCounted)
        #expect(PlayRules.neededSeconds(duration: ListeningFixture.durations[durationIndex]) == needed)
        #expect(try await ListeningFixture.plays(h).count == 1)
    }

    static let pairs: [(PlaySource, PlaySource, Double)] = [
        (.app, .app, 30), (.app, .sync, 120), (.sync, .app, 120), (.sync, .sync, 60),
        (.manual, .app, 60), (.app, .manual, 60), (.sync, .manual, 60), (.manual, .manual, 60),
    ]

    @Test(arguments: pairs)
    func duplicateWindowPerSourcePair(first: PlaySource, second: PlaySource, window: Double) async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        let b = ListeningFixture.music(2)
        let t0 = Self.future
        #expect(
            try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 300, at: t0, source: first)).isCounted)
        let inside = try await h.library.plays.record(
            PlayInput(target: a, secondsPlayed: 300, at: t0 + window - 1, source: second))
        #expect(inside == .notCounted(.duplicate))
        // The same pair on another target, just outside the window: two plays.
        #expect(
            try await h.library.plays.record(PlayInput(target: b, secondsPlayed: 300, at: t0, source: first)).isCounted)
        let outside = try await h.library.plays.record(
            PlayInput(target: b, secondsPlayed: 300, at: t0 + window + 1, source: second))
        #expect(outside.isCounted)
        #expect(try await ListeningFixture.plays(h).count == 3)
    }

    @Test func anotherTargetBetweenCountsTheRepeat() async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        let b = ListeningFixture.music(2)
        let t0 = Self.future
        for (target, offset) in [(a, 0.0), (b, 40), (a, 80)] {
            #expect(
                try await h.library.plays.record(PlayInput(target: target, secondsPlayed: 240, at: t0 + offset))
                    .isCounted)
        }
        #expect(try await ListeningFixture.plays(h).map(\.target) == [a, b, a])
    }

    @Test func sameTimestampTwiceIsOnePlay() async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        #expect(try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: Self.future)).isCounted)
        #expect(
            try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: Self.future))
                == .notCounted(.duplicate))
        #expect(
            try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: Self.future, source: .sync))
                == .notCounted(.duplicate))
    }

    @Test func olderSyncPlayArrivingLateIsMatched() async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        let b = ListeningFixture.music(2)
        let t0 = Self.future
        #expect(try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: t0)).isCounted)
        // The sync of the same play arrives afterwards, stamped 90 s earlier: one play.
        #expect(
            try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: t0 - 90, source: .sync))
                == .notCounted(.duplicate))
        // With another target stored in between, an older sync play is a play of its own.
        #expect(try await h.library.plays.record(PlayInput(target: b, secondsPlayed: 240, at: t0 + 1000)).isCounted)
        #expect(try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: t0 + 1050)).isCounted)
        #expect(
            try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: t0 + 990, source: .sync))
                .isCounted)
        #expect(try await ListeningFixture.plays(h).map(\.source) == ["app", "sync", "app", "app"])
    }

    @Test func installDateRule() async throws {
        let h = try await ListeningFixture.harness()
        let a = ListeningFixture.music(1)
        let yesterday = Date() - 86_400
        #expect(
            try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: yesterday))
                == .notCounted(.beforeInstall))
        #expect(
            try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: yesterday, source: .sync))
                == .notCounted(.beforeInstall))
        #expect(
            try await h.library.plays.record(PlayInput(target: a, secondsPlayed: 240, at: yesterday, source: .manual))
                .isCounted)
        // Reopening (migrations run again) keeps the install date.
        let installed = try await h.library.database.writer.read { try ListeningStateRecord.current($0).installedAt }
        let again = try await h.reopen().database.writer.read { try ListeningStateRecord.current($0).installedAt }
        #expect(installed == again)
    }

    @Test func tracksAndUnknownTargets() async throws {
        let h = try await ListeningFixture.harness()
        let outcome = try await h.library.plays.record(
            PlayInput(target: ListeningFixture.track, secondsPlayed: 100, at: Self.future))
        guard case .counted(let play) = outcome else {
            Issue.record("not counted: \(outcome)")
            return
        }
        #expect(play.target == "track:t.1")
        #expect(
            try await h.library.plays.record(
                PlayInput(target: ListeningFixture.track, secondsPlayed: 99, at: Self.future + 999))
                == .notCounted(.short(needed: 100)))
        // Upper-case item ids are the same target.
        let upper = try await h.library.plays.record(
            PlayInput(target: ListeningFixture.music(3).uppercased(), secondsPlayed: 240, at: Self.future))
        guard case .counted(let stored) = upper else {
            Issue.record("not counted: \(upper)")
            return
        }
        #expect(stored.target == ListeningFixture.music(3))
        for unknown in ["track:nope", "track:", tid(999), "not-an-id"] {
            await #expect(throws: ListeningError.unknownTarget(unknown)) {
                try await h.library.plays.record(PlayInput(target: unknown, secondsPlayed: 300, at: Self.future))
            }
        }
    }
}
