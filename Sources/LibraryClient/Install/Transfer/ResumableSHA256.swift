import Foundation

/// SHA-256 (FIPS 180-4) whose running state can be saved and restored: an archive extracted while
/// it downloads frees the archive's bytes behind the extractor, so a resumed install cannot hash
/// them again and continues from the saved state instead. The same digests as `Crypto.SHA256`
/// (tested against it).
///
/// ```swift
/// var hash = ResumableSHA256()
/// hash.update(firstHalf)
/// let saved = hash.saved                       // kept in the install's checkpoint
/// var resumed = try ResumableSHA256(saved: saved)
/// resumed.update(secondHalf)
/// resumed.hex                                  // the digest of both halves
/// ```
struct ResumableSHA256: Sendable {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes hashed so far.
    private(set) var count: UInt64 = 0
    /// The bytes of an unfinished 64-byte block.
    private var pending: [UInt8] = []

    init() {}

    /// Restores a state from ``saved``; throws on anything else.
    init(saved: Data) throws {
        guard saved.count >= 40, saved.count < 104 else { throw Damaged() }
        let bytes = [UInt8](saved)
        func word(_ index: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[index * 4 + $1]) }
        }
        h = (word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7))
        count = (0..<8).reduce(0) { $0 << 8 | UInt64(bytes[32 + $1]) }
        pending = Array(bytes[40...])
        guard pending.count == Int(count % 64) else { throw Damaged() }
    }

    struct Damaged: Error {}

    /// The state: the eight words, the byte count (big-endian) and the unfinished block.
    var saved: Data {
        var data = Data(capacity: 40 + pending.count)
        for word in [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7] {
            withUnsafeBytes(of: word.bigEndian) { data.append(contentsOf: $0) }
        }
        withUnsafeBytes(of: count.bigEndian) { data.append(contentsOf: $0) }
        data.append(contentsOf: pending)
        return data
    }

    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        count += UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            start = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - start >= 64 {
            compress(bytes.baseAddress! + start)
            start += 64
        }
        if start < bytes.count { pending.append(contentsOf: bytes[start...]) }
    }

    /// The digest of what was hashed (the state itself is unchanged).
    var digest: [UInt8] {
        var copy = self
        var tail: [UInt8] = [0x80] + [UInt8](repeating: 0, count: (119 - Int(count % 64)) % 64)
        let bits = count &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        let total = copy.count
        tail.withUnsafeBytes { copy.update($0) }
        copy.count = total
        var out: [UInt8] = []
        for word in [copy.h.0, copy.h.1, copy.h.2, copy.h.3, copy.h.4, copy.h.5, copy.h.6, copy.h.7] {
            for shift in stride(from: 24, through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return out
    }

    /// The digest in lowercase hex.
    var hex: String { digest.map { String(format: "%02x", $0) }.joined() }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private mutating func compress(_ block: UnsafeRawPointer) {
        var (a, b, c, d, e, f, g, hh) = h
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer in
            let w = buffer.baseAddress!
            for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)) }
            for i in 16..<64 {
                let x = w[i &- 15]
                let y = w[i &- 2]
                let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x &>> 3)
                let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y &>> 10)
                w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
            }
            Self.k.withUnsafeBufferPointer { table in
                let k = table.baseAddress!
                for i in 0..<64 {
                    let t1 =
                        hh &+ (e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)) &+ ((e & f) ^ (~e & g))
                        &+ k[i] &+ w[i]
                    let t2 =
                        (a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                    hh = g
                    g = f
                    f = e
                    e = d &+ t1
                    d = c
                    c = b
                    b = a
                    a = t1 &+ t2
                }
            }
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
    }
}

extension UInt32 {
    @inline(__always) fileprivate func rotatedRight(_ n: UInt32) -> UInt32 { (self &>> n) | (self &<< (32 &- n)) }
}
