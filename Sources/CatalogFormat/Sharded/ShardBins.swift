import Crypto
import Foundation

/// Which shard an entry lives in: the first 32 bits of the SHA-256 of its lowercased id, top
/// bits first, so ids of any shape (random, sequential, v5) spread evenly, and doubling the
/// number of bins splits each bin in two.
///
/// ```swift
/// let bins = ShardBins(count: 512)
/// bins.bin(of: "6f1c…")   // 0..<512
/// ```
public struct ShardBins: Sendable, Equatable {
    /// A power of two, at least 1.
    public let count: Int

    public init(count: Int) {
        var power = 1
        while power < max(count, 1) { power <<= 1 }
        self.count = power
    }

    /// Bins for `entries` entries with about `perShard` in each (at least `minimum` bins, so a
    /// catalog's binning only grows).
    public static func forEntries(_ entries: Int, perShard: Int, minimum: Int = 1) -> ShardBins {
        ShardBins(count: max(minimum, (entries + perShard - 1) / max(perShard, 1)))
    }

    public func bin(of id: String) -> Int {
        guard count > 1 else { return 0 }
        let digest = SHA256.hash(data: Data(id.lowercased().utf8))
        let top = digest.withUnsafeBytes { raw in
            UInt32(raw[0]) << 24 | UInt32(raw[1]) << 16 | UInt32(raw[2]) << 8 | UInt32(raw[3])
        }
        let shift = UInt32(32 - count.trailingZeroBitCount)
        return Int(top >> shift)
    }
}
