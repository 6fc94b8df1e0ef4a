import CatalogFormat
import Foundation

/// How a target moved against the previous chart.
public enum ChartMovement: String, Sendable, Hashable, Codable {
    /// Not in the previous period's chart.
    /// Ranked higher than in the previous period.
    /// Ranked lower than in the previous period.
    /// The same rank as in the previous period.
    case up, down, same, new
}

/// Which targets a chart ranks.
public enum ChartFilter: Sendable, Hashable {
    /// Every target.
    case everything
    /// Library items of one kind.
    case kind(Kind)
    /// Cached music tracks.
    case tracks

    var targetKind: PlayTargetKind? {
        switch self {
        case .everything: nil
        case .kind(let kind): PlayTargetKind(rawValue: kind.rawValue)
        case .tracks: .track
        }
    }
}

/// One row of a chart.
public struct ChartEntry: Sendable, Hashable {
    /// The rank, from 1.
    public var rank: Int
    /// The rank in the previous period's chart (for all time: as of 7 days earlier); nil when unranked there.
    public var previousRank: Int?
    /// How the rank moved since the previous period.
    public var movement: ChartMovement
    /// Plays in the period (estimated ones included).
    public var plays: Int
    /// The item id, or `track:<trackId>`.
    public var target: String
    /// The target's title at its latest play.
    public var title: String
}

/// A ranked chart for one period.
public struct Chart: Sendable, Hashable {
    /// The period ranked.
    public var period: ChartPeriod
    /// The period's bounds (nil for all time).
    public var from: Date?
    /// Where the period ends (exclusive); nil for all time.
    public var to: Date?
    /// The ranked targets, most played first.
    public var entries: [ChartEntry]
}
