import CatalogFormat
import Foundation
import GRDB

/// One play to record: what was played, for how long, when and as seen by whom.
///
/// ```swift
/// let play = PlayInput(target: "track:i.abc", secondsPlayed: 95, at: Date(), source: .app)
/// ```
public struct PlayInput: Sendable, Hashable {
    /// An item id, or `track:<trackId>` for a cached music track.
    public var target: String
    /// How long it was played, in seconds.
    public var secondsPlayed: Double
    /// When it was played (default now).
    public var at: Date
    /// `app`, `sync` or `manual` (estimated plays only come from imports).
    public var source: PlaySource

    /// A play to record.
    public init(target: String, secondsPlayed: Double, at: Date = Date(), source: PlaySource = .app) {
        self.target = target
        self.secondsPlayed = secondsPlayed
        self.at = at
        self.source = source
    }
}

/// A play that was stored.
public struct StoredPlay: Sendable, Hashable {
    /// The stored play's id.
    public var playID: String
    /// The canonical target (lowercase item id, or `track:<trackId>`).
    public var target: String
    /// When it was played.
    public var at: Date
    /// Where the play came from.
    public var source: PlaySource
}

/// Why a play was not stored.
///
/// ```swift
/// if case .notCounted(.short(let needed)) = outcome { print("needs \(needed) s") }
/// ```
public enum PlayRejection: Sendable, Hashable {
    /// Played for less than `needed` seconds.
    case short(needed: Double)
    /// Before the data root's install date (and not manual).
    case beforeInstall
    /// The same play was already stored (from this or another source).
    case duplicate
}

/// The outcome of recording a play.
public enum PlayOutcome: Sendable, Hashable {
    /// The play counted and was stored.
    case counted(StoredPlay)
    /// The play was not stored, and why.
    case notCounted(PlayRejection)
}

/// Records plays under the counting, install-date and duplicate rules (``PlayRules``), each in
/// one short IMMEDIATE transaction, so two processes recording at once never lose or double a play.
///
/// ```swift
/// switch try await library.plays.record(PlayInput(target: itemID, secondsPlayed: 95)) {
/// case .counted(let play): print("stored", play.playID)
/// case .notCounted(let reason): print("not stored:", reason)
/// }
/// ```
public struct PlayRecorder: Sendable {
    let context: LibraryContext

    /// Records one play; throws ``ListeningError/unknownTarget(_:)`` for a target the library does not know.
    public func record(_ input: PlayInput) async throws -> PlayOutcome {
        guard input.source != .estimated else { throw ListeningError.unsupportedSource(input.source) }
        guard input.secondsPlayed >= 0, input.secondsPlayed.isFinite else {
            throw ListeningError.invalidSeconds(input.secondsPlayed)
        }
        let at = Date(timeIntervalSince1970: input.at.timeIntervalSince1970.rounded(.down))
        return try await context.database.writeImmediate { db in
            guard let target = try PlayTarget.resolve(input.target, in: db) else {
                throw ListeningError.unknownTarget(input.target)
            }
            guard PlayRules.counts(secondsPlayed: input.secondsPlayed, duration: target.duration) else {
                return .notCounted(.short(needed: PlayRules.neededSeconds(duration: target.duration)))
            }
            let installedAt = try StoredTime.date(
                try ListeningStateRecord.current(db).installedAt, column: "installed_at")
            if PlayRules.isBeforeInstall(at: at, source: input.source, installedAt: installedAt) {
                return .notCounted(.beforeInstall)
            }
            let nearest = try Self.nearestPlay(of: target.reference, to: at, in: db)
            if PlayRules.isDuplicate(at: at, source: input.source, nearest: nearest) { return .notCounted(.duplicate) }
            var record = PlayEventRecord(
                id: nil, playID: CanonicalID.random(), target: target.reference,
                targetKind: target.kind.rawValue, playedAt: ISO8601.string(at),
                source: input.source.rawValue, secondsPlayed: input.secondsPlayed,
                targetDuration: target.duration, title: target.title)
            try record.insert(db)
            return .counted(StoredPlay(playID: record.playID, target: target.reference, at: at, source: input.source))
        }
    }

    /// The stored play of `target` nearest to `at` (the earlier one on a tie), and whether a play
    /// of another target lies strictly between the two.
    static func nearestPlay(of target: String, to at: Date, in db: Database) throws -> PlayRules.NearestPlay? {
        let time = ISO8601.string(at)
        let playedAt = PlayEventRecord.Columns.playedAt
        let plays = PlayEventRecord.filter(PlayEventRecord.Columns.target == target)
        let before = try plays.filter(playedAt <= time).order(playedAt.desc).fetchOne(db)
        let after = try plays.filter(playedAt > time).order(playedAt).fetchOne(db)
        var candidates: [(Date, PlaySource, String)] = []
        for play in [before, after].compactMap({ $0 }) {
            candidates.append((try StoredTime.date(play.playedAt), try PlaySource.stored(play.source), play.playedAt))
        }
        guard let nearest = candidates.min(by: { abs($0.0.timeIntervalSince(at)) < abs($1.0.timeIntervalSince(at)) })
        else { return nil }
        let (low, high) = nearest.2 < time ? (nearest.2, time) : (time, nearest.2)
        let between = try !PlayEventRecord.filter(
            playedAt > low && playedAt < high && PlayEventRecord.Columns.target != target
        ).isEmpty(db)
        return PlayRules.NearestPlay(at: nearest.0, source: nearest.1, otherTargetBetween: between)
    }
}
