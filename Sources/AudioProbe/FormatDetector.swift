import Foundation

/// The container an audio file uses, recognised by its first bytes (never by its name).
enum Container: Equatable {
    case wav
    case aiff
    /// FLAC; `start` is where `fLaC` begins (after any ID3v2 tags).
    case flac(start: UInt64)
    case ogg
    case mp4
    /// MPEG audio; `start` is where the audio begins (after any ID3v2 tags).
    case mp3(start: UInt64)

    /// The canonical file extension for this container and codec.
    func fileExtension(codec: String) -> String {
        switch self {
        case .wav: "wav"
        case .aiff: "aiff"
        case .flac: "flac"
        case .ogg: codec == "opus" ? "opus" : "ogg"
        case .mp4: "m4a"
        case .mp3: "mp3"
        }
    }
}

enum FormatDetector {
    static let supportedList = "WAV, AIFF, FLAC, Ogg Vorbis/Opus, MP3, M4A/AAC/ALAC"
    private static let mp4TopLevelBoxes: Set<String> = ["ftyp", "moov", "mdat", "free", "skip", "wide"]

    /// Which container `input` holds, or an error that says what the file starts with.
    static func detect(_ input: ProbeInput) throws(AudioProbeError) -> Container {
        guard input.size > 0 else {
            throw input.error("not a supported audio file (\(supportedList)): the file is empty (0 bytes)")
        }
        let head = try input.bytes(at: 0, count: 16)
        if head.matches("RIFF", at: 0) || head.matches("RF64", at: 0) || head.matches("BW64", at: 0),
            head.matches("WAVE", at: 8)
        {
            return .wav
        }
        if head.matches("FORM", at: 0), head.matches("AIFF", at: 8) || head.matches("AIFC", at: 8) {
            return .aiff
        }
        if head.matches("fLaC", at: 0) { return .flac(start: 0) }
        if head.matches("OggS", at: 0) { return .ogg }
        if head.count >= 8, mp4TopLevelBoxes.contains(head.fourCC(4)), head.be32(0) == 1 || head.be32(0) >= 8 {
            return .mp4
        }
        if head.matches("ID3", at: 0) {
            let start = try ID3Tags.endOfLeadingTags(input)
            let afterTags = try input.bytes(at: start, count: 4)
            return afterTags.matches("fLaC", at: 0) ? .flac(start: start) : .mp3(start: start)
        }
        if MP3FrameHeader(head.be32(0)) != nil { return .mp3(start: 0) }
        throw input.error("not a supported audio file (\(supportedList)): starts with \(describe(head))")
    }

    /// Up to 12 leading bytes as hex, plus their text when they are all printable.
    static func describe(_ head: [UInt8]) -> String {
        let prefix = Array(head.prefix(12))
        let text = String(decoding: prefix, as: UTF8.self)
        let printable = prefix.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard printable else { return prefix.hex }
        let shown = text.replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t")
        return "\(prefix.hex) (\"\(shown)\")"
    }
}
