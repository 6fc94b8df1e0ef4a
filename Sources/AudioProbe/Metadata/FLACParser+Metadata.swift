extension FLACParser {
    /// The most bytes of a VORBIS_COMMENT block read; a larger one is left out with a warning.
    static let maxCommentBlock = 1 << 20

    /// Walks the metadata blocks (as ``parse(_:start:)`` does) and reads VORBIS_COMMENT.
    static func metadata(_ input: ProbeInput, start: UInt64) throws(AudioProbeError) -> EmbeddedMetadata {
        var tags = EmbeddedMetadata()
        var offset = start + 4
        var isLast = false
        for _ in 0..<maxBlocks where !isLast {
            let header = try input.bytes(at: offset, count: 4)
            guard header.count == 4 else { break }
            isLast = header.u8(0) & 0x80 != 0
            let length = UInt64(header.be24(1))
            if header.u8(0) & 0x7F == 4 {
                guard offset.adding(4 + length) <= input.size, length <= maxCommentBlock else {
                    tags.warnings.append(
                        "the VORBIS_COMMENT block at byte \(offset) (\(length) bytes) runs past the file or is too large; ignored"
                    )
                    break
                }
                let body = try input.bytes(at: offset + 4, count: Int(length))
                VorbisComments.read(body, at: 0, where: "at byte \(offset)", into: &tags)
                break
            }
            offset = offset.adding(4 + length)
        }
        return tags
    }
}
