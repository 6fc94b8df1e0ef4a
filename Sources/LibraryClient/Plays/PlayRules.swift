import Foundation

/// The rules deciding which plays are stored, as pure functions over values.
///
/// ```swift
/// PlayRules.neededSeconds(duration: 240)                  // 120
/// PlayRules.counts(secondsPlayed: 119, duration: 240)     // false
/// PlayRules.duplicateWindow(.app, .sync)                  // 120
/// ```
public enum PlayRules {
    /// Seconds a play must last to count: with the duration D known, min(max(30, D/2), 240, D);
    /// unknown (nil, zero or negative): 30.
    public static func neededSeconds(duration: Double?) -> Double {
        guard let duration, duration > 0, duration.isFinite else { return 30 }
        return min(max(30, duration / 2), 240, duration)
    }

    /// Whether `secondsPlayed` of a target lasting `duration` counts as a play.
    public static func counts(secondsPlayed: Double, duration: Double?) -> Bool {
        secondsPlayed >= neededSeconds(duration: duration)
    }

    /// The duplicate window, in seconds, for two plays of one target from these sources:
    /// app–sync 120, app–app 30, sync–sync 60, any other pair 60.
    public static func duplicateWindow(_ a: PlaySource, _ b: PlaySource) -> TimeInterval {
        switch (a, b) {
        case (.app, .sync), (.sync, .app): 120
        case (.app, .app): 30
        default: 60
        }
    }

    /// A stored play of the same target, as the duplicate rule sees it.
    public struct NearestPlay: Sendable, Hashable {
        /// When it was played.
        public var at: Date
        /// Where it came from.
        public var source: PlaySource
        /// Whether a play of another target is stored strictly between this play and the new one.
        public var otherTargetBetween: Bool

        /// The nearest stored play, and whether another target was played in between.
        public init(at: Date, source: PlaySource, otherTargetBetween: Bool) {
            self.at = at
            self.source = source
            self.otherTargetBetween = otherTargetBetween
        }
    }

    /// Whether a new play at `at` from `source` duplicates `nearest` (the stored play of the same
    /// target nearest in time): closer than the pair's window with no other target played between.
    public static func isDuplicate(at: Date, source: PlaySource, nearest: NearestPlay?) -> Bool {
        guard let nearest, !nearest.otherTargetBetween else { return false }
        return abs(at.timeIntervalSince(nearest.at)) < duplicateWindow(source, nearest.source)
    }

    /// Whether a play at `at` predates the install date and is therefore not stored
    /// (manual plays are exempt).
    public static func isBeforeInstall(at: Date, source: PlaySource, installedAt: Date) -> Bool {
        source != .manual && at < installedAt
    }

    /// The times of `count` plays spread over (after, until]: after + k·(until − after)/count,
    /// k = 1…count, in whole seconds (rounded down; the last is exactly `until`).
    public static func spreadTimes(count: Int, after: Date, until: Date) -> [Date] {
        guard count > 0 else { return [] }
        let a = after.timeIntervalSince1970.rounded(.down)
        let span = until.timeIntervalSince1970.rounded(.down) - a
        return (1...count).map { k in Date(timeIntervalSince1970: a + (span * Double(k) / Double(count)).rounded(.down))
        }
    }

    /// How long before `capturedAt` a target's first import spreads its estimated plays: 365 days.
    public static let estimateSpan: TimeInterval = 365 * 86_400
    /// The least clock time between two play-count import runs (without force): 5 minutes.
    public static let importInterval: TimeInterval = 300
}
