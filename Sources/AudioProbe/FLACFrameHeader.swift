/// A FLAC audio frame header, decoded far enough to know which samples the frame holds.
/// Used to find where the audio really ends, so a cut-off file is reported as truncated.
struct FLACFrameHeader {
    /// The sample just after this frame (first sample + block size).
    var endSample: UInt64

    /// Decodes the header at `index` of `bytes`; nil unless the sync code, reserved bits and
    /// CRC-8 are all valid. `streamBlockSize` (STREAMINFO's maximum block size) turns a
    /// fixed-block-size frame number into a sample number.
    init?(_ bytes: [UInt8], at index: Int, streamBlockSize: Int) {
        guard bytes.u8(index) == 0xFF, bytes.u8(index + 1) & 0xFE == 0xF8 else { return nil }
        let isVariable = bytes.u8(index + 1) & 1 == 1
        let blockCode = Int(bytes.u8(index + 2) >> 4)
        let rateCode = bytes.u8(index + 2) & 0xF
        let channelCode = bytes.u8(index + 3) >> 4
        guard blockCode != 0, rateCode != 15, channelCode <= 10, bytes.u8(index + 3) & 1 == 0 else { return nil }
        var cursor = index + 4
        guard let number = Self.codedNumber(bytes, &cursor, maxLength: isVariable ? 7 : 6) else { return nil }
        var blockSize: Int
        switch blockCode {
        case 1: blockSize = 192
        case 2...5: blockSize = 576 << (blockCode - 2)
        case 6:
            blockSize = Int(bytes.u8(cursor)) + 1
            cursor += 1
        case 7:
            blockSize = bytes.be16(cursor) + 1
            cursor += 2
        default: blockSize = 256 << (blockCode - 8)
        }
        cursor += rateCode == 12 ? 1 : rateCode == 13 || rateCode == 14 ? 2 : 0
        guard cursor < bytes.count, Self.crc8(bytes, from: index, to: cursor) == bytes[cursor] else { return nil }
        let first = isVariable ? number : number.multipliedReportingOverflow(by: UInt64(streamBlockSize)).partialValue
        endSample = first.adding(UInt64(blockSize))
    }

    /// FLAC's UTF-8-like coded frame or sample number.
    private static func codedNumber(_ bytes: [UInt8], _ cursor: inout Int, maxLength: Int) -> UInt64? {
        let lead = bytes.u8(cursor)
        let length = lead < 0x80 ? 1 : (lead ^ 0xFF).leadingZeroBitCount
        guard length != 1 || lead < 0x80, length <= maxLength, lead & 0xC0 != 0x80 else { return nil }
        var value = UInt64(length == 1 ? lead : lead & (0xFF >> (length + 1)))
        for k in 1..<max(length, 1) {
            let byte = bytes.u8(cursor + k)
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt64(byte & 0x3F)
        }
        cursor += length
        return value
    }

    /// CRC-8 (polynomial 0x07) of `bytes[from..<to]`.
    private static func crc8(_ bytes: [UInt8], from: Int, to: Int) -> UInt8 {
        var crc: UInt8 = 0
        for i in from..<to {
            crc ^= bytes.u8(i)
            for _ in 0..<8 { crc = crc & 0x80 != 0 ? crc << 1 ^ 0x07 : crc << 1 }
        }
        return crc
    }
}
