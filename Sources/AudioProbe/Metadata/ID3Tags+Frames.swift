extension ID3Tags {
    /// The most bytes of one ID3v2 tag read for its frames.
    private static let maxTagSize = 1 << 20
    /// Text frames by meaning; other frames are skipped.
    private static let textFrames = [
        "TIT2": "title", "TPE1": "artist", "TIT3": "subtitle", "TALB": "album", "TCOM": "composer",
        "TCOP": "copyright", "TIT1": "grouping",
    ]

    /// Reads the frames of the first ID3v2.3 or 2.4 tag at the start of the file: text frames,
    /// COMM (as `comment`) and TXXX (under its own description). A frame running past its tag
    /// ends the reading with a warning; ID3v2.2 and unsynchronised tags are skipped.
    static func metadata(_ input: ProbeInput) throws(AudioProbeError) -> EmbeddedMetadata {
        var tags = EmbeddedMetadata()
        let header = try input.bytes(at: 0, count: 10)
        guard header.matches("ID3", at: 0), header.count == 10 else { return tags }
        let version = Int(header.u8(3))
        let flags = header.u8(5)
        let size = Array(header[6..<10]).reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        guard version == 3 || version == 4, flags & 0x80 == 0 else {
            tags.warnings.append(
                "the ID3v2.\(version) tag is not read (only ID3v2.3 and 2.4 without unsynchronisation)")
            return tags
        }
        guard size <= maxTagSize, UInt64(10 + size) <= input.size else {
            tags.warnings.append("the ID3v2 tag of \(size) bytes runs past the file or is too large; ignored")
            return tags
        }
        let body = try input.bytes(at: 10, count: size)
        var index = 0
        if flags & 0x40 != 0 {
            let extended = version == 4 ? synchsafe(body, 0) : Int(body.be32(0)) + 4
            index = extended
        }
        while index + 10 <= body.count {
            let id = body.fourCC(index)
            guard id.allSatisfy({ $0.isUppercase || $0.isNumber }) else { break }  // padding
            let length = version == 4 ? synchsafe(body, index + 4) : Int(body.be32(index + 4))
            let start = index + 10
            guard length >= 0, length <= body.count - start else {
                tags.warnings.append(
                    "the ID3v2 frame \(id) at byte \(10 + index) runs past its tag; the rest is ignored")
                break
            }
            let frame = body[start..<(start + length)]
            index = start + length
            if let key = textFrames[id] {
                tags.addFormatTag(key, text(frame).first ?? "")
            } else if id == "COMM", frame.count > 4 {
                let parts = text(frame[(frame.startIndex + 4)...], encoding: frame.first ?? 0)
                tags.addFormatTag("comment", parts.count > 1 ? parts[1] : "")
            } else if id == "TXXX" {
                let parts = text(frame)
                if parts.count > 1 { tags.addFormatTag(parts[0], parts[1]) }
            }
        }
        return tags
    }

    private static func synchsafe(_ bytes: [UInt8], _ at: Int) -> Int {
        (0..<4).reduce(0) { $0 << 7 | Int(bytes.u8(at + $1) & 0x7F) }
    }

    /// A text frame's strings (split at the encoding's NUL); the first byte is the encoding.
    private static func text(_ frame: ArraySlice<UInt8>) -> [String] {
        guard let encoding = frame.first else { return [] }
        return text(frame.dropFirst(), encoding: encoding)
    }

    private static func text(_ bytes: ArraySlice<UInt8>, encoding: UInt8) -> [String] {
        let wide = encoding == 1 || encoding == 2
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let isEnd =
                wide ? index + 1 < bytes.endIndex && bytes[index] == 0 && bytes[index + 1] == 0 : bytes[index] == 0
            if isEnd {
                parts.append(bytes[start..<index])
                index += wide ? 2 : 1
                start = index
            } else {
                index += wide ? 2 : 1
            }
        }
        if start < bytes.endIndex { parts.append(bytes[start..<bytes.endIndex]) }
        return parts.map { part in
            switch encoding {
            case 1: TagText.utf16(part, bigEndian: true)
            case 2: TagText.utf16(part, bigEndian: true)
            default: TagText.utf8OrLatin1(part)
            }
        }
    }
}
