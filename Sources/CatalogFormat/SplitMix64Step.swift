/// SplitMix64's step, written once: the seeded generators of the app's take picker
/// (`SeededGenerator`) and of the synthetic data both draw from it, so a seed gives the same
/// numbers on every platform.
///
/// ```swift
/// var state: UInt64 = 7
/// let bits = SplitMix64Step.next(&state)   // the same 64 bits on every run
/// ```
package enum SplitMix64Step {
    /// Advances `state` and returns the next 64 random bits.
    @inline(__always)
    package static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
