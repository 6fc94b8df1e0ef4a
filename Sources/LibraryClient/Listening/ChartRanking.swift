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
    /// The positions in `counts` of the targets with plays, best first.
    static func order(_ counts: [ChartCount]) -> [Int] {
        counts.indices.filter { counts[$0].plays > 0 }.sorted { i, j in
            let a = counts[i]
            let b = counts[j]
            if a.plays != b.plays { return a.plays > b.plays }
            if a.lastPlayedAt != b.lastPlayedAt { return a.lastPlayedAt > b.lastPlayedAt }
            if a.title != b.title { return a.title < b.title }
            return a.target < b.target
        }
    }

    /// Rank (1-based) per position in the counts `order` ranked; nil where unranked.
    static func ranks(_ order: [Int], count: Int) -> [Int?] {
        var ranks = [Int?](repeating: nil, count: count)
        for (index, position) in order.enumerated() { ranks[position] = index + 1 }
        return ranks
    }

    /// Rank (1-based) per target.
    static func ranksByTarget(_ counts: [ChartCount]) -> [String: Int] {
        var ranks: [String: Int] = [:]
        let order = order(counts)
        ranks.reserveCapacity(order.count)
        for (index, position) in order.enumerated() { ranks[counts[position].target] = index + 1 }
        return ranks
    }

    static func movement(rank: Int, previousRank: Int?) -> ChartMovement {
        guard let previousRank else { return .new }
        return rank < previousRank ? .up : rank > previousRank ? .down : .same
    }
}
