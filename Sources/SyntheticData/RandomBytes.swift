extension RandomNumberGenerator {
    /// `count` random bytes, eight per draw (a draw per byte takes seconds for megabytes in a
    /// debug build).
    ///
    /// ```swift
    /// var rng = SplitMix64(seed: 1)
    /// let audio = rng.bytes(3 << 20)
    /// ```
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        result.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < count {
                var word = next()
                let n = min(8, count - offset)
                withUnsafeBytes(of: &word) {
                    buffer.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: n)
                }
                offset += n
            }
        }
        return result
    }
}
