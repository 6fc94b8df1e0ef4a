/// A fast 64-bit checksum over whole words (four independent lanes, then mixed), enough to
/// catch flipped or lost bytes in a cache file; not a cryptographic hash.
enum FacetChecksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        let wordCount = bytes.count / 8
        var index = 0
        while index + 4 <= wordCount {
            lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* multiplier
            lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 8, as: UInt64.self)) &* multiplier
            lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 16, as: UInt64.self)) &* multiplier
            lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: index * 8 + 24, as: UInt64.self)) &* multiplier
            lanes.0 = lanes.0 ^ (lanes.0 >> 29)
            lanes.1 = lanes.1 ^ (lanes.1 >> 29)
            lanes.2 = lanes.2 ^ (lanes.2 >> 29)
            lanes.3 = lanes.3 ^ (lanes.3 >> 29)
            index += 4
        }
        var hash = UInt64(bytes.count) &* multiplier
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
            hash = (hash ^ lane) &* multiplier
            hash ^= hash >> 31
        }
        for offset in (index * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* multiplier
            hash ^= hash >> 31
        }
        return hash
    }
}
