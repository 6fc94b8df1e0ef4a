import CatalogModel
import Foundation

/// How a target moved against the previous chart.
public enum ChartMovement: String, Sendable, Hashable, Codable {
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
    public var rank: Int
    /// The rank in the previous period's chart (for all time: as of 7 days earlier); nil when unranked there.
    public var previousRank: Int?
    public var movement: ChartMovement
    public var plays: Int
    public var target: String
    public var title: String
}

/// A ranked chart for one period.
public struct Chart: Sendable, Hashable {
    public var period: ChartPeriod
    /// The period's bounds (nil for all time).
    public var from: Date?
    public var to: Date?
    public var entries: [ChartEntry]
}
