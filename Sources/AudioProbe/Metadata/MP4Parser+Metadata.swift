extension MP4Parser {
    /// `ilst` atoms by meaning (the © sign reads as `?` in a box type).
    private static let itemNames = [
        "?nam": "title", "?ART": "artist", "desc": "description", "?cmt": "comment", "?alb": "album",
        "?grp": "grouping", "cprt": "copyright", "?wrt": "composer",
    ]
    private static let maxValueSize = 1 << 16

    /// Reads `moov/udta/meta/ilst` (iTunes-style metadata, as ffmpeg and most taggers write
    /// it): UTF-8 `data` values of the atoms named above. A box that runs past its parent ends
    /// the reading with a warning.
    static func metadata(_ input: ProbeInput) throws(AudioProbeError) -> EmbeddedMetadata {
        var tags = EmbeddedMetadata()
        do {
            let top = try MP4Box.children(input, from: 0, to: input.size, parent: nil)
            guard let moov = top.first("moov"), let udta = try moov.children(input).first("udta"),
                let meta = try udta.children(input).first("meta")
            else { return tags }
            // `meta` is a full box (version and flags) in ISO files, a plain one in QuickTime's.
            let head = try meta.payload(input, upTo: 8)
            let skip: UInt64 = head.fourCC(4) == "hdlr" ? 0 : 4
            guard let ilst = try meta.children(input, skippingPayloadBytes: skip).first("ilst") else { return tags }
            for item in try ilst.children(input) {
                guard let key = itemNames[item.type],
                    let data = try item.children(input).first("data"), data.payloadSize > 8
                else { continue }
                let bytes = try data.payload(input, upTo: maxValueSize)
                guard bytes.be32(0) & 0xFF_FFFF == 1 else { continue }  // 1: UTF-8 text
                tags.addFormatTag(key, String(decoding: bytes[8...], as: UTF8.self))
            }
        } catch {
            tags.warnings.append("the MP4 metadata could not be read (\(error.message)); ignored")
        }
        return tags
    }
}
