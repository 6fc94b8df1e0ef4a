/// A fast 64-bit checksum over whole words (four independent lanes, then mixed), enough to
/// catch flipped or lost bytes in a cache file; not a cryptographic hash.
package enum FacetChecksum {
    package static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        let blocks = bytes.count / 32
        mix(&lanes, blocks: bytes, count: blocks)
        return finish(lanes, count: bytes.count, tail: UnsafeRawBufferPointer(rebasing: bytes[(blocks * 32)...]))
    }

    /// Folds `count` 32-byte blocks from the start of `bytes` into the lanes.
    @inline(__always)
    package static func mix(
        _ lanes: inout (UInt64, UInt64, UInt64, UInt64), blocks bytes: UnsafeRawBufferPointer, count: Int
    ) {
        for block in 0..<count {
            let offset = block * 32
            lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* multiplier
            lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* multiplier
            lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* multiplier
            lanes.0 = lanes.0 ^ (lanes.0 >> 29)
            lanes.1 = lanes.1 ^ (lanes.1 >> 29)
            lanes.2 = lanes.2 ^ (lanes.2 >> 29)
            lanes.3 = lanes.3 ^ (lanes.3 >> 29)
        }
    }

    /// The checksum of `count` bytes whose whole 32-byte blocks went into `lanes`; `tail` is the
    /// rest (fewer than 32 bytes).
    package static func finish(_ lanes: (UInt64, UInt64, UInt64, UInt64), count: Int, tail: UnsafeRawBufferPointer)
        -> UInt64
    {
        var hash = UInt64(count) &* multiplier
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
            hash = (hash ^ lane) &* multiplier
            hash ^= hash >> 31
        }
        for byte in tail {
            hash = (hash ^ UInt64(byte)) &* multiplier
            hash ^= hash >> 31
        }
        return hash
    }

    /// The same checksum over bytes that arrive in pieces (a section written to a file as it is
    /// encoded, or copied through a small buffer).
    ///
    /// ```swift
    /// var running = FacetChecksum.Running()
    /// running.update(first); running.update(second)
    /// running.value == FacetChecksum.of(first + second)   // true
    /// ```
    package struct Running {
        private var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        private var pending: [UInt8] = []
        private var count = 0

        package init() { pending.reserveCapacity(32) }

        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            count += bytes.count
            var rest = bytes
            if !pending.isEmpty {
                let taken = min(32 - pending.count, rest.count)
                pending.append(contentsOf: rest.prefix(taken))
                rest = UnsafeRawBufferPointer(rebasing: rest[(rest.startIndex + taken)...])
                guard pending.count == 32 else { return }
                pending.withUnsafeBytes { FacetChecksum.mix(&lanes, blocks: $0, count: 1) }
                pending.removeAll(keepingCapacity: true)
            }
            let blocks = rest.count / 32
            FacetChecksum.mix(&lanes, blocks: rest, count: blocks)
            pending.append(contentsOf: rest[(rest.startIndex + blocks * 32)...])
        }

        package var value: UInt64 {
            pending.withUnsafeBytes { FacetChecksum.finish(lanes, count: count, tail: $0) }
        }
    }
}
