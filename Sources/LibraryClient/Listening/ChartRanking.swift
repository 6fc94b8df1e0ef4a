import Foundation

/// A target's plays in a period, as the chart ranks them.
struct ChartCount: Sendable, Hashable {
    var target: String
    var kind: PlayTargetKind
    var plays: Int
    /// ISO-8601 text of the latest play in the period (sorts as text).
    var lastPlayedAt: String
    var title: String
}

/// Ranking: most plays first; ties go to the later latest play, then title, then target.
enum ChartRanking {
    static func ranked(_ counts: [ChartCount]) -> [ChartCount] {
        counts.filter { $0.plays > 0 }.sorted { a, b in
            if a.plays != b.plays { return a.plays > b.plays }
            if a.lastPlayedAt != b.lastPlayedAt { return a.lastPlayedAt > b.lastPlayedAt }
            if a.title != b.title { return a.title < b.title }
            return a.target < b.target
        }
    }

    /// Rank (1-based) per target.
    static func ranks(_ ranked: [ChartCount]) -> [String: Int] {
        var ranks: [String: Int] = [:]
        ranks.reserveCapacity(ranked.count)
        for (index, count) in ranked.enumerated() { ranks[count.target] = index + 1 }
        return ranks
    }

    static func movement(rank: Int, previousRank: Int?) -> ChartMovement {
        guard let previousRank else { return .new }
        return rank < previousRank ? .up : rank > previousRank ? .down : .same
    }
}
