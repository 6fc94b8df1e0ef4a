extension OggParser {
    /// The most pages read to find the comment header, and the most bytes it may have.
    private static let maxTagPages = 256
    private static let maxCommentPacket = 1 << 20

    /// Reads the comment header, the second packet of the audio stream: Vorbis
    /// (`\u{3}vorbis`), Opus (`OpusTags`) or FLAC (a VORBIS_COMMENT metadata block).
    /// A damaged page on the way ends the reading with a warning.
    static func metadata(_ input: ProbeInput) throws(AudioProbeError) -> EmbeddedMetadata {
        var tags = EmbeddedMetadata()
        var offset: UInt64 = 0
        var serial: UInt32?
        var packets: [[UInt8]] = [[]]
        for _ in 0..<maxTagPages where packets.count < 3 {
            guard let page = try? OggPage.read(input, at: offset, what: "page at byte \(offset)") else {
                tags.warnings.append(
                    "the Ogg page at byte \(offset) is damaged before the comment header; no tags read")
                return tags
            }
            defer { offset = page.end }
            if serial == nil {
                guard page.isBeginningOfStream else { break }
                let first = try input.bytes(at: offset + UInt64(page.headerSize), count: min(page.firstPacketSize, 512))
                guard (try? OggCodecHeader.parse(first, input: input)) ?? nil != nil else { continue }
                serial = page.serial
            }
            guard page.serial == serial else { continue }
            let body = try input.bytes(at: offset + UInt64(page.headerSize), count: page.bodySize)
            var index = 0
            for value in page.lacing where packets.count < 3 {
                let end = min(index + Int(value), body.count)
                packets[packets.count - 1] += body[index..<end]
                index = end
                if value < 255 { packets.append([]) }
                guard packets[packets.count - 1].count <= maxCommentPacket else {
                    tags.warnings.append("the Ogg comment header is larger than \(maxCommentPacket) bytes; ignored")
                    return tags
                }
            }
        }
        guard packets.count >= 3 else { return tags }
        let comment = packets[1]
        if comment.u8(0) == 3, comment.matches("vorbis", at: 1) {
            VorbisComments.read(comment, at: 7, where: "of the Ogg Vorbis stream", into: &tags)
        } else if comment.matches("OpusTags", at: 0) {
            VorbisComments.read(comment, at: 8, where: "of the Opus stream", into: &tags)
        } else if comment.u8(0) & 0x7F == 4 {
            VorbisComments.read(comment, at: 4, where: "of the Ogg FLAC stream", into: &tags)
        }
        return tags
    }
}
