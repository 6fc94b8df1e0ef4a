/// RIFF/WAVE (and RF64/BW64): the `fmt ` chunk gives the encoding, rate, channels and block
/// size; the `data` chunk's size gives the duration. Only chunk headers are read.
enum WAVParser {
    static let maxChunks = 10_000
    /// The tail of the KSDATAFORMAT_SUBTYPE GUIDs for PCM (1) and IEEE float (3).
    private static let subformatGUIDTail: [UInt8] = [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]
    private static let formatNames: [Int: String] = [
        0x0002: "Microsoft ADPCM", 0x0006: "A-law", 0x0007: "µ-law", 0x0011: "IMA ADPCM",
        0x0031: "GSM 6.10", 0x0050: "MPEG audio", 0x0055: "MP3", 0x00FF: "AAC", 0x2000: "AC-3",
    ]

    private struct Format {
        var channels: Int
        var sampleRate: Int
        var blockAlign: Int
    }

    static func parse(_ input: ProbeInput) throws(AudioProbeError) -> AudioInfo {
        let header = try input.exactBytes(at: 0, count: 12, format: "WAV", what: "RIFF header")
        let isRF64 = !header.matches("RIFF", at: 0)
        var format: Format?
        var dataSize: UInt64?
        var ds64DataSize: UInt64?
        var offset: UInt64 = 12
        for _ in 0..<maxChunks {
            guard offset.adding(8) <= input.size else { break }
            let chunk = try input.bytes(at: offset, count: 8)
            let id = chunk.fourCC(0)
            let declared = UInt64(chunk.le32(4))
            let bodyStart = offset + 8
            var length = declared
            switch id {
            case "fmt ":
                format = try parseFormat(input, at: bodyStart, length: declared)
            case "ds64" where isRF64:
                let body = try input.exactBytes(at: bodyStart, count: 16, format: "RF64", what: "ds64 chunk")
                ds64DataSize = body.le64(8)
            case "data":
                if declared == 0xFFFF_FFFF {
                    // RF64 keeps the real size in ds64; a streamed RIFF leaves it unknown: to the end.
                    length = ds64DataSize ?? (input.size - bodyStart)
                }
                try input.requireRange(
                    bodyStart, length, format: "WAV",
                    what: "data chunk at byte \(offset) (\(length) bytes of audio)")
                dataSize = length
            default:
                break
            }
            if format != nil, dataSize != nil { break }
            offset = bodyStart.adding(length).adding(length & 1)
        }
        let reason =
            offset.adding(8) > input.size
            ? "truncated WAV file: it ends (at byte \(input.size)) before" : "corrupt WAV file: no"
        guard let format else { throw input.error("\(reason) a fmt chunk") }
        guard let dataSize else { throw input.error("\(reason) a data chunk") }
        let frames = dataSize / UInt64(format.blockAlign)
        return AudioInfo(
            codec: "pcm", sampleRate: format.sampleRate, channels: format.channels,
            duration: Double(frames) / Double(format.sampleRate))
    }

    private static func parseFormat(_ input: ProbeInput, at offset: UInt64, length: UInt64) throws(AudioProbeError)
        -> Format
    {
        guard length >= 16 else {
            throw input.error("corrupt WAV file: the fmt chunk is \(length) bytes, expected at least 16")
        }
        try input.requireRange(offset, length, format: "WAV", what: "fmt chunk")
        let body = try input.exactBytes(at: offset, count: Int(min(length, 40)), format: "WAV", what: "fmt chunk")
        var tag = body.le16(0)
        if tag == 0xFFFE {
            guard body.count >= 40 else {
                throw input.error("corrupt WAV file: WAVE_FORMAT_EXTENSIBLE fmt chunk is \(length) bytes, expected 40")
            }
            let subformat = body.le16(24)
            guard Array(body[26..<40]) == subformatGUIDTail else {
                throw input.error(
                    "unsupported WAV encoding: WAVE_FORMAT_EXTENSIBLE with sub-format GUID \(Array(body[24..<40]).hex); only PCM and IEEE float are supported"
                )
            }
            tag = subformat
        }
        guard tag == 1 || tag == 3 else {
            let name = formatNames[tag].map { " (\($0))" } ?? ""
            throw input.error(
                "unsupported WAV encoding: format tag 0x\(String(tag, radix: 16, uppercase: true))\(name); only PCM and IEEE float WAV files are supported"
            )
        }
        let format = Format(channels: body.le16(2), sampleRate: Int(body.le32(4)), blockAlign: body.le16(12))
        guard format.channels > 0 else { throw input.error("corrupt WAV file: the fmt chunk says 0 channels") }
        guard format.sampleRate > 0 else {
            throw input.error("corrupt WAV file: the fmt chunk says the sample rate is 0 Hz")
        }
        guard format.blockAlign > 0 else {
            throw input.error("corrupt WAV file: the fmt chunk says the block size is 0 bytes")
        }
        return format
    }
}
