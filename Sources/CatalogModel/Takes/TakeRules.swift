/// The seed's rules on an item's `takes` and `playback`: at least one take, ranges of two
/// ordered numbers inside their limits, `avoidRepeat` from 0 to takes − 1.
///
/// ```swift
/// TakeRules.check(item, "$.packs[0].items[3]", &rules)
/// ```
enum TakeRules {
    static func check(_ item: Seed.Item, _ path: String, _ r: inout JSONRules) {
        let takes = item.takeCount
        if takes < 1 { r.error("takes must be 1 or more, found \(takes)", "\(path).takes") }
        guard let playback = item.playback else { return }
        let p = "\(path).playback"
        if let avoid = playback.avoidRepeat, avoid < 0 || avoid > max(takes - 1, 0) {
            r.error("avoidRepeat is \(avoid) but the item has \(takes) take(s); use 0 to takes − 1", "\(p).avoidRepeat")
        }
        range(playback.interval, 0...Double.greatestFiniteMagnitude, "\(p).interval", &r)
        range(playback.gain, Playback.gainLimits, "\(p).gain", &r)
        range(playback.pitch, Playback.pitchLimits, "\(p).pitch", &r)
    }

    private static func range(_ pair: [Double]?, _ limits: ClosedRange<Double>, _ path: String, _ r: inout JSONRules) {
        guard let pair else { return }
        guard pair.count == 2, pair[0] <= pair[1] else {
            r.error("must be [min, max] with min ≤ max", path)
            return
        }
        if !limits.contains(pair[0]) || !limits.contains(pair[1]) {
            r.error("must stay within [\(limits.lowerBound), \(limits.upperBound)]", path)
        }
    }
}
