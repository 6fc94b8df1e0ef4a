/// The identification header that starts an Ogg logical stream: Vorbis, Opus or FLAC.
struct OggCodecHeader {
    var codec: String
    var channels: Int
    /// The rate the granule positions count in (48000 for Opus).
    var sampleRate: Int
    /// Samples to drop from the start (Opus pre-skip; 0 otherwise).
    var preSkip: UInt64

    /// Recognises `packet`; nil for a stream that is not audio we support. Throws when a
    /// recognised header is too short or has zero channels or rate.
    static func parse(_ packet: [UInt8], input: ProbeInput) throws(AudioProbeError) -> OggCodecHeader? {
        if packet.u8(0) == 1, packet.matches("vorbis", at: 1) {
            guard packet.count >= 30 else { throw tooShort("Vorbis", packet.count, 30, input) }
            return try validated(
                OggCodecHeader(
                    codec: "vorbis", channels: Int(packet.u8(11)),
                    sampleRate: Int(packet.le32(12)), preSkip: 0), input)
        }
        if packet.matches("OpusHead", at: 0) {
            guard packet.count >= 19 else { throw tooShort("Opus", packet.count, 19, input) }
            // Opus always decodes at 48 kHz; the header's input rate is informational only.
            return try validated(
                OggCodecHeader(
                    codec: "opus", channels: Int(packet.u8(9)),
                    sampleRate: 48000, preSkip: UInt64(packet.le16(10))), input)
        }
        if packet.u8(0) == 0x7F, packet.matches("FLAC", at: 1) {
            guard packet.matches("fLaC", at: 9), let info = FLACStreamInfo(packet, at: 17) else {
                throw tooShort("FLAC", packet.count, 51, input)
            }
            return try validated(
                OggCodecHeader(
                    codec: "flac", channels: info.channels,
                    sampleRate: info.sampleRate, preSkip: 0), input)
        }
        return nil
    }

    /// A short name for an unsupported stream's first bytes, for error messages.
    static func describe(_ packet: [UInt8]) -> String {
        let known: [(String, Int, String)] = [
            ("Speex", 0, "Speex"), ("theora", 1, "Theora"), ("fishead", 0, "Skeleton"),
            ("CELT", 0, "CELT"), ("PCM     ", 0, "PCM"),
        ]
        for (magic, offset, name) in known where packet.matches(magic, at: offset) { return name }
        return "unknown (\(Array(packet.prefix(8)).hex))"
    }

    private static func tooShort(_ codec: String, _ size: Int, _ needed: Int, _ input: ProbeInput) -> AudioProbeError {
        input.error("corrupt Ogg \(codec) file: identification header is \(size) bytes, expected at least \(needed)")
    }

    private static func validated(_ header: OggCodecHeader, _ input: ProbeInput) throws(AudioProbeError)
        -> OggCodecHeader
    {
        guard header.channels > 0 else {
            throw input.error("corrupt Ogg \(header.codec) file: identification header says 0 channels")
        }
        guard header.sampleRate > 0 else {
            throw input.error("corrupt Ogg \(header.codec) file: identification header says the sample rate is 0 Hz")
        }
        return header
    }
}
