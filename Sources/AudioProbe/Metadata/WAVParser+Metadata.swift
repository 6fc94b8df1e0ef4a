extension WAVParser {
    /// The most bytes of a `bext` or `iXML` chunk read; a larger one is left out with a warning.
    static let maxTagChunkSize: UInt64 = 1 << 20

    /// Walks the chunks of a RIFF/RF64 file (the same walk as ``parse(_:)``, to the end of the
    /// file) and reads `bext` and `iXML`.
    static func metadata(_ input: ProbeInput) throws(AudioProbeError) -> EmbeddedMetadata {
        var tags = EmbeddedMetadata()
        var offset: UInt64 = 12
        var ds64DataSize: UInt64?
        let isRF64 = !(try input.bytes(at: 0, count: 4)).matches("RIFF", at: 0)
        for _ in 0..<maxChunks {
            guard offset.adding(8) <= input.size else { break }
            let chunk = try input.bytes(at: offset, count: 8)
            let id = chunk.fourCC(0)
            let bodyStart = offset + 8
            var length = UInt64(chunk.le32(4))
            switch id {
            case "ds64" where isRF64:
                ds64DataSize = (try input.bytes(at: bodyStart, count: 16)).le64(8)
            case "data" where length == 0xFFFF_FFFF:
                length = ds64DataSize ?? (input.size - bodyStart)
            case "bext", "iXML":
                guard let body = try tagBody(input, id: id, at: offset, length: length, into: &tags) else { break }
                if id == "bext" {
                    guard tags.bext == nil else { break }
                    if let bext = BroadcastExtension(body: body) {
                        tags.bext = bext
                    } else {
                        tags.warnings.append(
                            "the bext chunk at byte \(offset) is \(length) bytes, shorter than the \(BroadcastExtension.fixedSize) its fields need; ignored"
                        )
                    }
                } else if tags.ixml == nil {
                    if let fields = IXMLReader.read(body) {
                        tags.ixml = fields
                    } else {
                        tags.warnings.append("the iXML chunk at byte \(offset) is not an iXML document; ignored")
                    }
                }
            default:
                break
            }
            offset = bodyStart.adding(length).adding(length & 1)
        }
        return tags
    }

    /// The body of a tag chunk, or nil (with a warning) when it runs past the file or is too large.
    private static func tagBody(
        _ input: ProbeInput, id: String, at offset: UInt64, length: UInt64, into tags: inout EmbeddedMetadata
    ) throws(AudioProbeError) -> [UInt8]? {
        let bodyStart = offset + 8
        guard bodyStart.adding(length) <= input.size else {
            tags.warnings.append(
                "the \(id) chunk at byte \(offset) says it has \(length) bytes but the file ends at byte \(input.size); ignored"
            )
            return nil
        }
        guard length <= maxTagChunkSize else {
            tags.warnings.append(
                "the \(id) chunk at byte \(offset) has \(length) bytes, more than the \(maxTagChunkSize) read; ignored")
            return nil
        }
        return try input.bytes(at: bodyStart, count: Int(length))
    }
}
