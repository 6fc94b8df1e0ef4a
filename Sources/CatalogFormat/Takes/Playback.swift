/// How an item's takes are played (`playback:` in pack.yaml, `"playback"` in the seed): the
/// order takes come in, how many recent takes may not come again, the wait between repeats and
/// the per-trigger gain and pitch ranges. Every field is optional; ``resolved(takes:)`` fills
/// in the defaults.
///
/// ```swift
/// let playback = Playback(order: .shuffle, avoidRepeat: 2, interval: [8, 20], gain: [-3, 0], pitch: [-100, 100])
/// playback.resolved(takes: 3).avoidRepeat   // 2
/// Playback().resolved(takes: 3).avoidRepeat // 1 (the default: min(takes − 1, 1))
/// ```
public struct Playback: Codable, Sendable, Equatable, Hashable {
    /// The order takes come in; nil means ``PlaybackOrder/shuffle``.
    public var order: PlaybackOrder?
    /// With `shuffle`: how many of the most recent takes may not come again (at most takes − 1).
    public var avoidRepeat: Int?
    /// `[min, max]` seconds between triggers when the item plays repeating.
    public var interval: [Double]?
    /// `[min, max]` dB drawn per trigger.
    public var gain: [Double]?
    /// `[min, max]` cents drawn per trigger.
    public var pitch: [Double]?

    /// A rule from its fields; nil fields take their defaults when resolved.
    public init(
        order: PlaybackOrder? = nil, avoidRepeat: Int? = nil, interval: [Double]? = nil, gain: [Double]? = nil,
        pitch: [Double]? = nil
    ) {
        self.order = order
        self.avoidRepeat = avoidRepeat
        self.interval = interval
        self.gain = gain
        self.pitch = pitch
    }

    /// The keys of a `playback` mapping, in the order they are written.
    public static let keys = ["order", "avoidRepeat", "interval", "gain", "pitch"]
    /// The gain a draw may ask for, in dB.
    public static let gainLimits: ClosedRange<Double> = -24...12
    /// The pitch a draw may ask for, in cents.
    public static let pitchLimits: ClosedRange<Double> = -1200...1200

    /// True when no field is written.
    public var isEmpty: Bool { self == Playback() }

    /// The rule with every default filled in for an item of `takes` takes.
    public func resolved(takes: Int) -> ResolvedPlayback {
        let most = max(takes - 1, 0)
        return ResolvedPlayback(
            order: order ?? .shuffle, avoidRepeat: min(max(avoidRepeat ?? min(most, 1), 0), most),
            interval: Self.range(interval), gain: Self.range(gain) ?? 0...0, pitch: Self.range(pitch) ?? 0...0)
    }

    static func range(_ pair: [Double]?) -> ClosedRange<Double>? {
        guard let pair, pair.count == 2, pair[0] <= pair[1] else { return nil }
        return pair[0]...pair[1]
    }

    enum CodingKeys: String, CodingKey { case order, avoidRepeat, interval, gain, pitch }

    /// Writes only the fields that are set (the seed carries the rule as authored).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(order, forKey: .order)
        try c.encodeIfPresent(avoidRepeat, forKey: .avoidRepeat)
        try c.encodeIfPresent(interval, forKey: .interval)
        try c.encodeIfPresent(gain, forKey: .gain)
        try c.encodeIfPresent(pitch, forKey: .pitch)
    }
}

/// The order an item's takes come in.
///
/// ```swift
/// PlaybackOrder(rawValue: "sequence")   // .sequence
/// ```
public enum PlaybackOrder: String, Codable, Sendable, CaseIterable, Hashable {
    /// A random order in which none of the last `avoidRepeat` takes comes again (the default).
    case shuffle
    /// The authored order, wrapping after the last take.
    case sequence
    /// Independent draws; a take may come twice in a row.
    case random
}

/// A ``Playback`` rule with its defaults filled in for a given number of takes.
///
/// ```swift
/// let rule = Playback(gain: [-3, 0]).resolved(takes: 4)
/// rule.order        // .shuffle
/// rule.gain         // -3.0...0.0
/// rule.interval     // nil: the item does not repeat on its own
/// ```
public struct ResolvedPlayback: Sendable, Equatable, Hashable {
    /// The order takes come in.
    public var order: PlaybackOrder
    /// How many of the most recent takes a shuffle avoids (0 when there is one take).
    public var avoidRepeat: Int
    /// Seconds between triggers when repeating; nil when the item has no interval.
    public var interval: ClosedRange<Double>?
    /// dB drawn per trigger (`0...0` by default).
    public var gain: ClosedRange<Double>
    /// Cents drawn per trigger (`0...0` by default).
    public var pitch: ClosedRange<Double>

    /// A resolved rule from its fields.
    public init(
        order: PlaybackOrder, avoidRepeat: Int, interval: ClosedRange<Double>?, gain: ClosedRange<Double>,
        pitch: ClosedRange<Double>
    ) {
        self.order = order
        self.avoidRepeat = avoidRepeat
        self.interval = interval
        self.gain = gain
        self.pitch = pitch
    }
}
