import CatalogFormat
import Foundation
import GRDB

/// What a play-count import did.
public struct PlayImportSummary: Sendable, Hashable, Codable {
    /// Plays created (estimated ones included).
    public var created: Int
    /// Of those, plays estimated on a target's first import.
    public var estimated: Int
    /// Whether the run was skipped because the previous one was less than 5 minutes ago.
    public var skipped: Bool
}

/// Turns play counts read from another player into plays: per target, the counts above the last
/// imported one become plays (`estimated` over the 365 days before `capturedAt` on the target's
/// first import, `sync` from the previous import's `capturedAt` afterwards); a lower count only
/// moves the baseline. One transaction: an unknown target imports nothing of the file.
///
/// ```swift
/// let file = try PlayCountFile(data: Data(contentsOf: url), name: url.path)
/// let summary = try await library.playImports.importCounts(file)   // created, estimated, skipped
/// ```
public struct PlayImporter: Sendable {
    let context: LibraryContext

    /// Imports `file`. Skipped (nothing changed) when the previous run was less than 5 minutes
    /// before `now` by the clock, unless `force`.
    public func importCounts(
        _ file: PlayCountFile, name: String = "play counts", force: Bool = false,
        now: Date = Date()
    ) async throws -> PlayImportSummary {
        try await context.database.writeImmediate { db in
            let state = try ListeningStateRecord.current(db)
            if !force, let last = state.lastImportRunAt {
                let lastRun = try StoredTime.date(last, column: "last_import_run_at")
                if now.timeIntervalSince(lastRun) < PlayRules.importInterval, now >= lastRun {
                    return PlayImportSummary(created: 0, estimated: 0, skipped: true)
                }
            }
            var created = 0
            var estimated = 0
            let captured = ISO8601.string(file.capturedAt)
            for song in file.songs {
                guard let target = try PlayTarget.resolve(song.target, in: db) else {
                    throw ListeningError.unknownImportTarget(
                        file: name, path: song.path + ".target", target: song.target)
                }
                let baseline = try PlayImportBaselineRecord.fetchOne(db, key: target.reference)
                let plan = try Self.plan(song: song, baseline: baseline, capturedAt: file.capturedAt, file: name)
                for at in plan.times {
                    var record = PlayEventRecord(
                        id: nil, playID: CanonicalID.random(), target: target.reference,
                        targetKind: target.kind.rawValue, playedAt: ISO8601.string(at),
                        source: plan.source.rawValue, secondsPlayed: nil,
                        targetDuration: target.duration, title: target.title)
                    try record.insert(db)
                }
                created += plan.times.count
                if plan.source == .estimated { estimated += plan.times.count }
                try PlayImportBaselineRecord(target: target.reference, playCount: song.playCount, capturedAt: captured)
                    .save(db)
            }
            var updated = state
            updated.lastImportRunAt = ISO8601.string(now)
            try updated.update(db)
            return PlayImportSummary(created: created, estimated: estimated, skipped: false)
        }
    }

    /// The plays one entry creates against its baseline (pure).
    static func plan(
        song: PlayCountFile.Song, baseline: PlayImportBaselineRecord?, capturedAt: Date,
        file: String
    ) throws -> (source: PlaySource, times: [Date]) {
        guard let baseline else {
            return (
                .estimated,
                PlayRules.spreadTimes(
                    count: song.playCount, after: capturedAt - PlayRules.estimateSpan,
                    until: capturedAt)
            )
        }
        let added = song.playCount - baseline.playCount
        guard added > 0 else { return (.sync, []) }
        let previous = try StoredTime.date(baseline.capturedAt, column: "captured_at")
        guard capturedAt > previous else {
            throw ListeningError.invalidImportFile(
                file: file, path: "$.capturedAt",
                problem:
                    "the count of '\(song.target)' grew but capturedAt is not after its previous import (\(baseline.capturedAt))"
            )
        }
        return (.sync, PlayRules.spreadTimes(count: added, after: previous, until: capturedAt))
    }
}
