import Foundation

/// AIFF and AIFF-C: the `COMM` chunk gives channels, sample frames, sample size, the 80-bit
/// extended sample rate and (AIFF-C) the compression type; `SSND` must be present and whole.
enum AIFFParser {
    private static let maxChunks = 10_000
    /// AIFF-C compression types that are plain PCM, with their bytes per sample (0: from COMM).
    private static let pcmTypes: [String: Int] = [
        "NONE": 0, "twos": 0, "sowt": 0, "raw ": 0, "in24": 3, "42ni": 3, "in32": 4, "23ni": 4,
        "fl32": 4, "FL32": 4, "fl64": 8, "FL64": 8,
    ]

    private struct Common {
        var channels: Int
        var frames: UInt64
        var bytesPerSample: Int
        var sampleRate: Int
    }

    static func parse(_ input: ProbeInput) throws(AudioProbeError) -> AudioInfo {
        let header = try input.exactBytes(at: 0, count: 12, format: "AIFF", what: "FORM header")
        let isAIFC = header.matches("AIFC", at: 8)
        var common: Common?
        var soundBytes: UInt64?
        var offset: UInt64 = 12
        for _ in 0..<maxChunks {
            guard offset.adding(8) <= input.size else { break }
            let chunk = try input.bytes(at: offset, count: 8)
            let length = UInt64(chunk.be32(4))
            let bodyStart = offset + 8
            switch chunk.fourCC(0) {
            case "COMM":
                try input.requireRange(bodyStart, length, format: "AIFF", what: "COMM chunk")
                common = try parseCommon(input, at: bodyStart, length: length, isAIFC: isAIFC)
            case "SSND":
                try input.requireRange(
                    bodyStart, length, format: "AIFF",
                    what: "SSND chunk at byte \(offset) (\(length) bytes of sound data)")
                guard length >= 8 else {
                    throw input.error("corrupt AIFF file: the SSND chunk is \(length) bytes, expected at least 8")
                }
                let ssnd = try input.exactBytes(at: bodyStart, count: 8, format: "AIFF", what: "SSND chunk")
                let dataOffset = UInt64(ssnd.be32(0))
                soundBytes = length - 8 > dataOffset ? length - 8 - dataOffset : 0
            default:
                break
            }
            if common != nil, soundBytes != nil { break }
            offset = bodyStart.adding(length).adding(length & 1)
        }
        guard let common else {
            throw input.error(
                endedEarly(offset, input)
                    ? "truncated AIFF file: it ends (at byte \(input.size)) before a COMM chunk"
                    : "corrupt AIFF file: no COMM chunk")
        }
        if let soundBytes {
            let frameBytes = UInt64(common.bytesPerSample * common.channels)
            let (needed, overflow) = common.frames.multipliedReportingOverflow(by: frameBytes)
            if overflow || needed > soundBytes {
                throw input.error(
                    "truncated AIFF file: COMM declares \(common.frames) sample frames but the SSND chunk holds only \(soundBytes / max(frameBytes, 1))"
                )
            }
        } else if common.frames > 0 {
            let reason =
                endedEarly(offset, input)
                ? "truncated AIFF file: it ends (at byte \(input.size))" : "corrupt AIFF file: it has no SSND chunk"
            throw input.error("\(reason) before the sound data (COMM declares \(common.frames) sample frames)")
        }
        return AudioInfo(
            codec: "pcm", sampleRate: common.sampleRate, channels: common.channels,
            duration: Double(common.frames) / Double(common.sampleRate))
    }

    private static func parseCommon(_ input: ProbeInput, at offset: UInt64, length: UInt64, isAIFC: Bool)
        throws(AudioProbeError) -> Common
    {
        let minimum: UInt64 = isAIFC ? 22 : 18
        guard length >= minimum else {
            throw input.error("corrupt AIFF file: the COMM chunk is \(length) bytes, expected at least \(minimum)")
        }
        let body = try input.exactBytes(at: offset, count: Int(min(length, 64)), format: "AIFF", what: "COMM chunk")
        let compression = isAIFC ? body.fourCC(18) : "NONE"
        guard let width = pcmTypes[compression] else {
            let nameLength = Int(body.u8(22))
            let name = String(decoding: body.dropFirst(23).prefix(nameLength), as: UTF8.self)
            let described = name.isEmpty ? "" : " (\(name))"
            throw input.error(
                "unsupported AIFF-C compression type '\(compression)'\(described): only uncompressed or floating-point PCM is supported"
            )
        }
        let channels = body.be16(0)
        let bits = body.be16(6)
        guard channels > 0 else { throw input.error("corrupt AIFF file: COMM says 0 channels") }
        guard let rate = extendedToInt(Array(body[8..<18])) else {
            throw input.error(
                "corrupt AIFF file: COMM sample rate \(Array(body[8..<18]).hex) is not a positive number of Hz")
        }
        return Common(
            channels: channels, frames: UInt64(body.be32(2)),
            bytesPerSample: width > 0 ? width : (bits + 7) / 8, sampleRate: rate)
    }

    /// Whether the chunk walk stopped at the end of the file (rather than at the chunk cap).
    private static func endedEarly(_ offset: UInt64, _ input: ProbeInput) -> Bool {
        offset.adding(8) > input.size
    }

    /// An 80-bit IEEE 754 extended value (big-endian) rounded to a positive `Int`, or nil.
    static func extendedToInt(_ bytes: [UInt8]) -> Int? {
        guard bytes.count == 10, bytes[0] & 0x80 == 0 else { return nil }
        let exponent = Int(bytes.be16(0) & 0x7FFF)
        let mantissa = bytes.be64(2)
        guard mantissa != 0, exponent != 0x7FFF else { return nil }
        let value = Double(mantissa) * pow(2.0, Double(exponent - 16383 - 63))
        guard value.isFinite, value >= 1, value < Double(Int32.max) else { return nil }
        return Int(value.rounded())
    }
}
