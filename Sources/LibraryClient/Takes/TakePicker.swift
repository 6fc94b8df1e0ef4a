import CatalogFormat

/// Chooses which take of an item plays on each trigger, with the gain and pitch to play it at,
/// following the item's `Playback` rule. An app keeps one picker per item (it remembers the
/// recent takes) and passes in a random source, so tests can seed it. Pure logic: no I/O.
///
/// - `shuffle` (the default): each take is drawn uniformly from those not among the last
///   `avoidRepeat` takes played (default `min(takes − 1, 1)`, at most `takes − 1`).
/// - `sequence`: the authored order, wrapping after the last take.
/// - `random`: independent uniform draws; a take may come twice in a row.
///
/// Gain (dB) and pitch (cents) are drawn uniformly from the rule's ranges on every trigger; an
/// item with an `interval` is re-triggered after ``nextWait(using:)`` seconds while it plays
/// "repeating".
///
/// ```swift
/// var picker = TakePicker(takes: row.takeCount, playback: row.playback)
/// var random = SystemRandomNumberGenerator()        // or SeededGenerator(seed: 42) in tests
/// let trigger = picker.next(using: &random)
/// let audio = try await library.items.fetchInstalledAudio(itemID: row.id, take: trigger.take)
/// player.play(audio, gainDB: trigger.gain, cents: trigger.pitch)
/// if let wait = picker.nextWait(using: &random) { scheduleRetrigger(after: wait) }
/// ```
public struct TakePicker: Sendable, Hashable {
    /// How many takes the item holds (at least 1).
    public let takes: Int
    /// The rule with its defaults filled in.
    public let rule: ResolvedPlayback
    /// The takes played so far, most recent last (only as many as the rule needs to remember).
    public private(set) var recent: [Int] = []
    private var nextInSequence = 0

    /// A picker for an item of `takes` takes following `playback` (nil: the defaults).
    public init(takes: Int, playback: Playback? = nil) {
        self.takes = max(takes, 1)
        rule = (playback ?? Playback()).resolved(takes: self.takes)
    }

    /// What one trigger plays.
    public struct Trigger: Sendable, Hashable {
        /// The take to play, 0-based.
        public var take: Int
        /// The gain to apply, in dB (0 unless the rule has a `gain` range).
        public var gain: Double
        /// The pitch shift, in cents (0 unless the rule has a `pitch` range).
        public var pitch: Double

        /// A trigger from its fields.
        public init(take: Int, gain: Double, pitch: Double) {
            self.take = take
            self.gain = gain
            self.pitch = pitch
        }
    }

    /// The next take to play and the gain and pitch for it.
    public mutating func next<G: RandomNumberGenerator>(using generator: inout G) -> Trigger {
        let take = nextTake(using: &generator)
        return Trigger(
            take: take, gain: Self.draw(rule.gain, using: &generator), pitch: Self.draw(rule.pitch, using: &generator))
    }

    /// Seconds to wait before the next trigger when the item plays repeating; nil when the rule
    /// has no `interval` (the item does not repeat on its own).
    public func nextWait<G: RandomNumberGenerator>(using generator: inout G) -> Double? {
        rule.interval.map { Self.draw($0, using: &generator) }
    }

    private mutating func nextTake<G: RandomNumberGenerator>(using generator: inout G) -> Int {
        guard takes > 1 else { return 0 }
        switch rule.order {
        case .sequence:
            let take = nextInSequence
            nextInSequence = (nextInSequence + 1) % takes
            return take
        case .random:
            return Int.random(in: 0..<takes, using: &generator)
        case .shuffle:
            let avoid = recent.suffix(rule.avoidRepeat)
            let allowed = (0..<takes).filter { !avoid.contains($0) }
            let take = allowed[Int.random(in: 0..<allowed.count, using: &generator)]
            recent.append(take)
            if recent.count > rule.avoidRepeat { recent.removeFirst(recent.count - rule.avoidRepeat) }
            return take
        }
    }

    private static func draw<G: RandomNumberGenerator>(_ range: ClosedRange<Double>, using generator: inout G)
        -> Double
    {
        range.lowerBound == range.upperBound ? range.lowerBound : Double.random(in: range, using: &generator)
    }
}
