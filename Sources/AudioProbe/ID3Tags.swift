/// ID3v2 tags before MPEG audio (or, rarely, FLAC) and ID3v1 / APEv2 tags after it.
enum ID3Tags {
    private static let maxLeadingTags = 16

    /// The byte where the audio starts: after every ID3v2 tag at the start of the file.
    static func endOfLeadingTags(_ input: ProbeInput) throws(AudioProbeError) -> UInt64 {
        var offset: UInt64 = 0
        for _ in 0..<maxLeadingTags {
            let header = try input.bytes(at: offset, count: 10)
            guard header.matches("ID3", at: 0) else { return offset }
            try input.requireRange(offset, 10, format: "MP3", what: "ID3v2 tag header")
            let sizeBytes = Array(header[6..<10])
            guard sizeBytes.allSatisfy({ $0 < 0x80 }), header.u8(3) != 0xFF else {
                throw input.error(
                    "corrupt ID3v2 tag at byte \(offset): its size field \(sizeBytes.hex) is not a valid synchsafe integer"
                )
            }
            let body = sizeBytes.reduce(UInt64(0)) { $0 << 7 | UInt64($1) }
            let footer: UInt64 = header.u8(5) & 0x10 != 0 ? 10 : 0
            let length = 10 + body + footer
            try input.requireRange(offset, length, format: "MP3", what: "ID3v2 tag at byte \(offset)")
            offset += length
        }
        return offset
    }

    /// The byte where the audio ends: before a trailing ID3v1 tag and/or APEv2 tag.
    static func startOfTrailingTags(_ input: ProbeInput, audioStart: UInt64) throws(AudioProbeError) -> UInt64 {
        var end = input.size
        if end >= audioStart.adding(128) {
            let tail = try input.bytes(at: end - 128, count: 3)
            if tail.matches("TAG", at: 0) { end -= 128 }
        }
        if end >= audioStart.adding(32) {
            let footer = try input.bytes(at: end - 32, count: 32)
            if footer.matches("APETAGEX", at: 0) {
                let hasHeader = footer.le32(20) & 0x8000_0000 != 0
                let length = UInt64(footer.le32(12)).adding(hasHeader ? 32 : 0)
                if length <= end - audioStart { end -= length }
            }
        }
        return end
    }
}
