import CatalogFormat
import LibraryClient

/// `"playback"` with every default filled in:
/// `{"order": "shuffle", "avoidRepeat": 1, "interval": [8, 20] | null, "gain": [-3, 0], "pitch": [0, 0]}`.
package struct PlaybackJSON: Encodable {
    package let rule: ResolvedPlayback

    package init(_ rule: ResolvedPlayback) { self.rule = rule }

    enum Keys: String, CodingKey { case order, avoidRepeat, interval, gain, pitch }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(rule.order.rawValue, forKey: .order)
        try c.encode(rule.avoidRepeat, forKey: .avoidRepeat)
        try c.encode(rule.interval.map { [$0.lowerBound, $0.upperBound] }, forKey: .interval)
        try c.encode([rule.gain.lowerBound, rule.gain.upperBound], forKey: .gain)
        try c.encode([rule.pitch.lowerBound, rule.pitch.upperBound], forKey: .pitch)
    }
}

/// One entry of `client show`'s `"takes"`:
/// `{"take": 0, "assetId": "…" | null, "duration": 1.25 | null, "loudness": {…} | null, "gain": -2.5 | null}`.
package struct TakeJSON: Encodable {
    package let take: ItemTake
    /// The item the take belongs to (its kind, figures and the catalog's targets).
    package let detail: ItemDetail
    /// The item's duration, used for take 0 of an item with one take installed before takes were recorded.
    package let fallbackDuration: Double?

    enum Keys: String, CodingKey { case take, assetId, duration, loudness, gain }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(take.take, forKey: .take)
        try c.encode(take.assetID, forKey: .assetId)
        try c.encode(take.duration ?? (take.assetID == nil ? nil : fallbackDuration), forKey: .duration)
        let figures = TakeFigures.of(take, in: detail)
        try c.encode(figures.loudness, forKey: .loudness)
        try c.encode(figures.gain, forKey: .gain)
    }
}

/// The measured figures of a take: its own from the installed manifest, else (for take 0, which
/// the seed measures) the item's; the gain toward the catalog's target for the item's kind.
package enum TakeFigures {
    /// The one place the take entries read their figures from.
    package static func of(_ take: ItemTake, in detail: ItemDetail) -> (loudness: Loudness?, gain: Double?) {
        let loudness = take.loudness ?? (take.take == 0 ? detail.sound?.loudness : nil)
        let gain = PlaybackGain.gain(kind: detail.item.kind, loudness: loudness, targets: detail.loudnessTargets)
        return (loudness, gain)
    }
}

/// `show`'s `"takes"` array and `"playback"` object.
package struct ItemTakesJSON {
    package let detail: ItemDetail

    package func encode<K: CodingKey>(into c: inout KeyedEncodingContainer<K>, takes: K, playback: K) throws {
        let shown = detail.item.kind == .music ? [] : detail.takes
        let single = shown.count == 1 ? detail.item.duration : nil
        try c.encode(shown.map { TakeJSON(take: $0, detail: detail, fallbackDuration: single) }, forKey: takes)
        try c.encode(PlaybackJSON(detail.playback), forKey: playback)
    }
}
