import CatalogModel

/// SplitMix64: a tiny deterministic random generator, so synthetic data (benchmarks) and
/// random test cases can be replayed from their seed.
///
/// ```swift
/// var rng = SplitMix64(seed: 7)
/// rng.below(10)                      // 0 ..< 10
/// Int.random(in: 1...6, using: &rng)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        SplitMix64Step.next(&state)
    }

    /// Uniform in 0 ..< bound (0 when bound < 1).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
