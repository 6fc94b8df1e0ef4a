import CatalogFormat

/// A small seeded random source (SplitMix64): the same seed gives the same numbers on every
/// platform, so a ``TakePicker`` driven by it is reproducible (tests, replays).
///
/// ```swift
/// var random = SeededGenerator(seed: 7)
/// var picker = TakePicker(takes: 4)
/// let first = picker.next(using: &random).take   // the same take on every run
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A generator whose numbers are fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        SplitMix64Step.next(&state)
    }
}
