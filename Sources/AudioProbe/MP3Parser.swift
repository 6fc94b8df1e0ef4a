/// MPEG layer III: skips ID3v2 tags, finds the first frame (confirmed by the frame after it),
/// then takes the frame count from a Xing/Info or VBRI header. Without one it walks the frame
/// headers by seeking (4 bytes per frame, never the audio); if that walk cannot reach the end
/// of the audio it extrapolates, which for a CBR file is bytes × 8 / bitrate.
enum MP3Parser {
    private static let searchWindow = 64 << 10
    private static let maxScannedFrames: UInt64 = 500_000

    static func parse(_ input: ProbeInput, start: UInt64) throws(AudioProbeError) -> AudioInfo {
        let audioEnd = try ID3Tags.startOfTrailingTags(input, audioStart: start)
        let (first, header) = try findFirstFrame(input, start: start, audioEnd: audioEnd)
        guard header.layer == 3 else {
            let name = header.layer == 2 ? "II (MP2)" : "I (MP1)"
            throw input.error("unsupported MPEG audio: layer \(name); only layer III (MP3) is supported")
        }
        let frame = try input.exactBytes(at: first, count: header.frameLength, format: "MP3", what: "first frame")
        let samplesPerFrame = Double(header.samplesPerFrame)
        let rate = Double(header.sampleRate)
        let duration: Double
        if let frames = try encoderFrameCount(
            frame, header: header, input: input,
            audioBytes: audioEnd - first, slack: start + 128)
        {
            duration = Double(frames) * samplesPerFrame / rate
        } else {
            duration = try scanFrames(input, first: first, header: header, audioEnd: audioEnd)
        }
        return AudioInfo(codec: "mp3", sampleRate: header.sampleRate, channels: header.channels, duration: duration)
    }

    /// The first frame header whose frame is followed by another compatible header (or ends
    /// exactly where the audio ends).
    private static func findFirstFrame(_ input: ProbeInput, start: UInt64, audioEnd: UInt64) throws(AudioProbeError)
        -> (UInt64, MP3FrameHeader)
    {
        let buffer = try input.bytes(at: start, count: searchWindow + 4)
        guard buffer.count >= 4 else {
            throw input.error("truncated MP3 file: no audio after the ID3v2 tag (the file ends at byte \(input.size))")
        }
        var cutOff: (offset: UInt64, end: UInt64)?
        var index = 0
        while index + 4 <= buffer.count {
            defer { index += 1 }
            guard buffer[index] == 0xFF, buffer[index + 1] & 0xE0 == 0xE0,
                let header = MP3FrameHeader(buffer.be32(index))
            else { continue }
            let offset = start + UInt64(index)
            let next = offset + UInt64(header.frameLength)
            if next > audioEnd {
                if cutOff == nil { cutOff = (offset, next) }
                continue
            }
            if next == audioEnd { return (offset, header) }
            let following = try input.bytes(at: next, count: 4)
            if following.count == 4, let second = MP3FrameHeader(following.be32(0)), header.isCompatible(with: second) {
                return (offset, header)
            }
        }
        if let cutOff {
            throw input.error(
                "truncated MP3 file: the first frame starts at byte \(cutOff.offset) and ends at byte \(cutOff.end) but the audio ends at byte \(audioEnd)"
            )
        }
        throw input.error(
            "corrupt MP3 file: no MPEG audio frame found in the \(buffer.count) bytes after byte \(start)")
    }

    /// The frame count recorded by the encoder in a Xing/Info or VBRI header, if any. Throws
    /// "truncated" when that header records more audio bytes than the file holds.
    private static func encoderFrameCount(
        _ frame: [UInt8], header: MP3FrameHeader, input: ProbeInput,
        audioBytes: UInt64, slack: UInt64
    ) throws(AudioProbeError) -> UInt64? {
        var frames: UInt64?
        var bytes: UInt64?
        let candidates = header.hasCRC ? [header.xingOffset, header.xingOffset + 2] : [header.xingOffset]
        if let at = candidates.first(where: { frame.matches("Xing", at: $0) || frame.matches("Info", at: $0) }) {
            let flags = frame.be32(at + 4)
            var field = at + 8
            if flags & 1 != 0, frame.count >= field + 4 {
                frames = UInt64(frame.be32(field))
                field += 4
            }
            if flags & 2 != 0, frame.count >= field + 4 { bytes = UInt64(frame.be32(field)) }
        } else if frame.matches("VBRI", at: 36), frame.count >= 54 {
            bytes = UInt64(frame.be32(46))
            frames = UInt64(frame.be32(50))
        }
        if let bytes, bytes > audioBytes.adding(slack) {
            throw input.error(
                "truncated MP3 file: its Xing/VBRI header records \(bytes) bytes of audio but the file holds \(audioBytes)"
            )
        }
        return frames.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Walks frame headers from `first`. Reaching the end of the audio gives the exact
    /// duration; stopping early (junk, a cut-off last frame, the cap) extrapolates from the
    /// frames walked.
    private static func scanFrames(
        _ input: ProbeInput, first: UInt64, header: MP3FrameHeader,
        audioEnd: UInt64
    ) throws(AudioProbeError) -> Double {
        var offset = first
        var samples: UInt64 = 0
        var count: UInt64 = 0
        while offset < audioEnd, count < maxScannedFrames {
            let word = try input.bytes(at: offset, count: 4)
            guard word.count == 4, let next = MP3FrameHeader(word.be32(0)), header.isCompatible(with: next) else {
                break
            }
            let end = offset + UInt64(next.frameLength)
            guard end <= audioEnd else { break }
            samples += UInt64(next.samplesPerFrame)
            count += 1
            offset = end
        }
        let walked = Double(samples) / Double(header.sampleRate)
        guard offset < audioEnd, offset > first else { return walked }
        return walked * Double(audioEnd - first) / Double(offset - first)
    }
}
