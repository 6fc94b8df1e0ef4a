import Foundation

extension AudioProbe {
    /// Reads what the file at `path` says about itself: `bext` and `iXML` in WAV, Vorbis
    /// comments in FLAC and Ogg, ID3v2 in MP3, `ilst` atoms in MP4. Only the tags' bytes are
    /// read. A damaged tag is left out and named in ``AudioTags/warnings``.
    ///
    /// - Throws: ``AudioProbeError`` naming `path` when the file cannot be read or is not a
    ///   supported audio file (as ``probe(fileAt:)`` would).
    ///
    /// ```swift
    /// let tags = try AudioProbe.tags(fileAt: "rain.flac")
    /// tags.format["title"]  // "Rain on a Tin Roof"
    /// ```
    public static func tags(fileAt path: String) throws(AudioProbeError) -> AudioTags {
        try tags(ProbeInput(source: try FileByteSource(path: path), name: path))
    }

    /// Reads the tags of bytes in memory; `name` is used in error messages.
    ///
    /// - Throws: ``AudioProbeError`` naming `name`.
    public static func tags(data: Data, name: String) throws(AudioProbeError) -> AudioTags {
        try tags(ProbeInput(source: DataByteSource(data: data), name: name))
    }

    /// ``probe(fileAt:)`` and ``tags(fileAt:)`` through one open of the file, as `packer add`
    /// reads each file it adds.
    ///
    /// - Throws: ``AudioProbeError`` naming `path`, as ``probe(fileAt:)`` would.
    public static func probeWithTags(fileAt path: String) throws(AudioProbeError) -> (AudioInfo, AudioTags) {
        let input = ProbeInput(source: try FileByteSource(path: path), name: path)
        return (try probe(input), try tags(input))
    }

    static func tags(_ input: ProbeInput) throws(AudioProbeError) -> AudioTags {
        switch try FormatDetector.detect(input) {
        case .wav: try WAVParser.tags(input)
        case .aiff: AudioTags()
        case .flac(let start): try FLACParser.tags(input, start: start)
        case .ogg: try OggParser.tags(input)
        case .mp4: try MP4Parser.tags(input)
        case .mp3: try ID3Tags.tags(input)
        }
    }
}
