/// Bounds-checked integer reads. Every accessor returns 0 for bytes outside the array, so a
/// wrong length can never crash; parsers read from buffers whose length they have checked.
extension Array where Element == UInt8 {
    func u8(_ i: Int) -> UInt8 {
        i >= 0 && i < count ? self[i] : 0
    }

    func be(_ i: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for k in 0..<width { value = value << 8 | UInt64(u8(i &+ k)) }
        return value
    }

    func le(_ i: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for k in (0..<width).reversed() { value = value << 8 | UInt64(u8(i &+ k)) }
        return value
    }

    func be16(_ i: Int) -> Int { Int(be(i, 2)) }
    func be24(_ i: Int) -> Int { Int(be(i, 3)) }
    func be32(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: be(i, 4)) }
    func be64(_ i: Int) -> UInt64 { be(i, 8) }
    func le16(_ i: Int) -> Int { Int(le(i, 2)) }
    func le32(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: le(i, 4)) }
    func le64(_ i: Int) -> UInt64 { le(i, 8) }

    /// Four bytes as text, e.g. `"fmt "`; bytes that are not printable ASCII become `?`.
    func fourCC(_ i: Int) -> String {
        String(
            (0..<4).map { k -> Character in
                let byte = u8(i &+ k)
                return (0x20...0x7E).contains(byte) ? Character(Unicode.Scalar(byte)) : "?"
            })
    }

    /// Whether the bytes at `i` are exactly `ascii`.
    func matches(_ ascii: String, at i: Int) -> Bool {
        let expected = Array(ascii.utf8)
        guard i >= 0, i <= count - expected.count else { return false }
        return self[i..<(i + expected.count)].elementsEqual(expected)
    }

    /// Space-separated uppercase hex, e.g. `"52 49 46 46"`.
    var hex: String {
        map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}

extension UInt64 {
    /// Addition that stops at `UInt64.max` instead of overflowing.
    func adding(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
