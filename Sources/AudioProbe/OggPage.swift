/// One Ogg page header: `OggS`, version, flags, granule position, stream serial, sequence,
/// CRC, then the segment (lacing) table.
struct OggPage {
    static let fixedHeaderSize = 27
    /// The largest possible page: 27 + 255 lacing values + 255 × 255 body bytes.
    static let maxSize = 27 + 255 + 255 * 255
    static let noGranule = UInt64.max

    var offset: UInt64
    var flags: UInt8
    var granule: UInt64
    var serial: UInt32
    var lacing: [UInt8]

    var isBeginningOfStream: Bool { flags & 0x02 != 0 }
    var headerSize: Int { Self.fixedHeaderSize + lacing.count }
    var bodySize: Int { lacing.reduce(0) { $0 + Int($1) } }
    var end: UInt64 { offset + UInt64(headerSize + bodySize) }

    /// The size of the first packet that starts on this page (up to the page's end).
    var firstPacketSize: Int {
        var size = 0
        for value in lacing {
            size += Int(value)
            if value < 255 { break }
        }
        return size
    }

    /// Parses a page header from `bytes` at `index`; nil unless it is a version-0 page whose
    /// whole header (including the lacing table) is inside `bytes`.
    init?(_ bytes: [UInt8], at index: Int, fileOffset: UInt64) {
        guard bytes.matches("OggS", at: index), index + Self.fixedHeaderSize <= bytes.count,
            bytes.u8(index + 4) == 0
        else { return nil }
        let segments = Int(bytes.u8(index + 26))
        let lacingStart = index + Self.fixedHeaderSize
        guard lacingStart + segments <= bytes.count else { return nil }
        offset = fileOffset
        flags = bytes.u8(index + 5)
        granule = bytes.le64(index + 6)
        serial = bytes.le32(index + 14)
        lacing = Array(bytes[lacingStart..<(lacingStart + segments)])
    }

    /// Reads the page at `offset` of `input`, throwing "truncated" if its header or body runs
    /// past the end of the file, or "corrupt" if there is no page there.
    static func read(_ input: ProbeInput, at offset: UInt64, what: String) throws(AudioProbeError) -> OggPage {
        let fixed = try input.exactBytes(at: offset, count: fixedHeaderSize, format: "Ogg", what: "\(what) header")
        guard fixed.matches("OggS", at: 0), fixed.u8(4) == 0 else {
            throw input.error(
                "corrupt Ogg file: expected an Ogg page (OggS, version 0) at byte \(offset) but found \(Array(fixed.prefix(5)).hex)"
            )
        }
        let header = try input.exactBytes(
            at: offset, count: fixedHeaderSize + Int(fixed.u8(26)),
            format: "Ogg", what: "\(what) header")
        guard let page = OggPage(header, at: 0, fileOffset: offset) else {
            throw input.error("corrupt Ogg file: unreadable page header at byte \(offset)")
        }
        try input.requireRange(offset, UInt64(page.headerSize + page.bodySize), format: "Ogg", what: what)
        return page
    }
}
