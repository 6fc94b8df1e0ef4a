/// The fields of a FLAC STREAMINFO block that ``AudioInfo`` needs. Also used for FLAC in Ogg
/// and in MP4.
struct FLACStreamInfo {
    var sampleRate: Int
    var channels: Int
    var totalSamples: UInt64
    var maxBlockSize: Int
    /// The largest frame in bytes; 0 when the encoder did not know.
    var maxFrameSize: Int

    /// Parses the 34-byte STREAMINFO body starting at `offset` of `bytes`.
    init?(_ bytes: [UInt8], at offset: Int) {
        guard offset >= 0, bytes.count >= offset + 34 else { return nil }
        maxBlockSize = bytes.be16(offset + 2)
        maxFrameSize = bytes.be24(offset + 7)
        let packed = bytes.be64(offset + 10)
        sampleRate = Int(packed >> 44)
        channels = Int((packed >> 41) & 0x7) + 1
        totalSamples = packed & 0xF_FFFF_FFFF
    }
}

/// Native FLAC: `fLaC`, a STREAMINFO block, more metadata blocks, then audio frames.
///
/// A STREAMINFO with a total sample count of 0 (allowed by the format for streamed encodes)
/// is reported as an error rather than scanned for, because the duration would need decoding
/// every frame header; re-encoding such a file to a regular file records the count.
/// A file cut off in its audio is found by locating the last frame header in the file's tail.
enum FLACParser {
    static let maxBlocks = 1_000
    private static let minTailWindow = 64 << 10
    private static let maxTailWindow = 1 << 20

    static func parse(_ input: ProbeInput, start: UInt64) throws(AudioProbeError) -> AudioInfo {
        let head = try input.exactBytes(at: start, count: 42, format: "FLAC", what: "STREAMINFO block")
        let firstType = head.u8(4) & 0x7F
        guard firstType == 0, head.be24(5) >= 34 else {
            throw input.error(
                "corrupt FLAC file: the first metadata block must be STREAMINFO (type 0, 34 bytes) but is type \(firstType) with \(head.be24(5)) bytes"
            )
        }
        guard let info = FLACStreamInfo(head, at: 8) else {
            throw input.error("truncated FLAC file: STREAMINFO block is incomplete")
        }
        let audioStart = try checkMetadataAndFirstFrame(input, start: start)
        guard info.sampleRate > 0 else {
            throw input.error("corrupt FLAC file: STREAMINFO says the sample rate is 0 Hz")
        }
        guard info.totalSamples > 0 else {
            throw input.error(
                "FLAC file does not record its length (STREAMINFO total samples is 0, as written by a streaming encoder); re-encode it, e.g. with `flac` or ffmpeg, to record the duration"
            )
        }
        try checkLastFrame(input, audioStart: audioStart, info: info)
        return AudioInfo(
            codec: "flac", sampleRate: info.sampleRate, channels: info.channels,
            duration: Double(info.totalSamples) / Double(info.sampleRate))
    }

    /// Walks the metadata block headers (without reading their bodies) and checks that an
    /// audio frame follows them. Returns where the audio frames start.
    private static func checkMetadataAndFirstFrame(_ input: ProbeInput, start: UInt64) throws(AudioProbeError) -> UInt64
    {
        var offset = start + 4
        var isLast = false
        for _ in 0..<maxBlocks where !isLast {
            let header = try input.exactBytes(at: offset, count: 4, format: "FLAC", what: "metadata block header")
            isLast = header.u8(0) & 0x80 != 0
            let length = UInt64(header.be24(1))
            try input.requireRange(
                offset + 4, length, format: "FLAC",
                what: "metadata block (type \(header.u8(0) & 0x7F)) at byte \(offset)")
            offset += 4 + length
        }
        guard isLast else {
            throw input.error("corrupt FLAC file: more than \(maxBlocks) metadata blocks and none is marked last")
        }
        let sync = try input.bytes(at: offset, count: 2)
        guard sync.count == 2 else {
            throw input.error("truncated FLAC file: no audio frames after the metadata, which ends at byte \(offset)")
        }
        guard sync[0] == 0xFF, sync[1] & 0xFE == 0xF8 else {
            throw input.error("corrupt FLAC file: expected an audio frame at byte \(offset) but found \(sync.hex)")
        }
        return offset
    }

    /// Throws "truncated" when the frames in the file's tail end before STREAMINFO's total.
    /// The tail spans at least two of the largest frames (and 64 KiB), so the real last frame is in it;
    /// taking the furthest-reaching valid header makes a false sync inside audio data harmless.
    private static func checkLastFrame(_ input: ProbeInput, audioStart: UInt64, info: FLACStreamInfo)
        throws(AudioProbeError)
    {
        let wanted = info.maxFrameSize > 0 ? max(2 * info.maxFrameSize + 64, minTailWindow) : maxTailWindow
        let window = UInt64(min(wanted, maxTailWindow))
        let tailStart = max(audioStart, input.size > window ? input.size - window : 0)
        let tail = try input.bytes(at: tailStart, count: Int(input.size - tailStart))
        var reached: UInt64?
        for index in tail.indices where tail[index] == 0xFF {
            guard let frame = FLACFrameHeader(tail, at: index, streamBlockSize: info.maxBlockSize),
                frame.endSample <= info.totalSamples
            else { continue }
            reached = Swift.max(reached ?? 0, frame.endSample)
        }
        if let reached, reached < info.totalSamples {
            throw input.error(
                "truncated FLAC file: the audio frames end at sample \(reached) but STREAMINFO declares \(info.totalSamples) samples (the file has \(input.size) bytes)"
            )
        }
    }
}
