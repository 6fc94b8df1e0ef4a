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
    /// The positions in `counts` of the targets with plays, best first. Plays and latest plays
    /// are compared as integers (an all-time chart sorts 20,000 targets twice); text only breaks
    /// what they leave tied.
    static func order(_ counts: [ChartCount]) -> [Int] {
        let plays = counts.map(\.plays)
        let times = counts.map { timeKey($0.lastPlayedAt) }
        return plays.indices.filter { plays[$0] > 0 }.sorted { i, j in
            if plays[i] != plays[j] { return plays[i] > plays[j] }
            if times[i] != times[j] && times[i] != unparsed && times[j] != unparsed { return times[i] > times[j] }
            let a = counts[i]
            let b = counts[j]
            if a.lastPlayedAt != b.lastPlayedAt { return a.lastPlayedAt > b.lastPlayedAt }
            if a.title != b.title { return a.title < b.title }
            return a.target < b.target
        }
    }

    static let unparsed = UInt64.max

    /// The digits of `YYYY-MM-DDTHH:MM:SSZ` as one number, which orders such texts as the texts
    /// order; ``unparsed`` for any other text (compared as text).
    static func timeKey(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.count == 20 else { return unparsed }
            var key: UInt64 = 0
            for (position, byte) in utf8.enumerated() {
                switch position {
                case 4, 7: guard byte == UInt8(ascii: "-") else { return unparsed }
                case 10: guard byte == UInt8(ascii: "T") else { return unparsed }
                case 13, 16: guard byte == UInt8(ascii: ":") else { return unparsed }
                case 19: guard byte == UInt8(ascii: "Z") else { return unparsed }
                default:
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return unparsed }
                    key = key * 10 + UInt64(byte - UInt8(ascii: "0"))
                }
            }
            return key
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
