import Foundation

extension AudioProbe {
    /// Reads what the file at `path` says about itself: `bext` and `iXML` in WAV, Vorbis
    /// comments in FLAC and Ogg, ID3v2 in MP3, `ilst` atoms in MP4. Only the tags' bytes are
    /// read. A damaged tag is left out and named in ``EmbeddedMetadata/warnings``.
    ///
    /// - Throws: ``AudioProbeError`` naming `path` when the file cannot be read or is not a
    ///   supported audio file (as ``probe(fileAt:)`` would).
    ///
    /// ```swift
    /// let metadata = try AudioProbe.metadata(fileAt: "rain.flac")
    /// metadata.format["title"]  // "Rain on a Tin Roof"
    /// ```
    public static func metadata(fileAt path: String) throws(AudioProbeError) -> EmbeddedMetadata {
        try metadata(ProbeInput(source: try FileByteSource(path: path), name: path))
    }

    /// Reads the tags of bytes in memory; `name` is used in error messages.
    ///
    /// - Throws: ``AudioProbeError`` naming `name`.
    public static func metadata(data: Data, name: String) throws(AudioProbeError) -> EmbeddedMetadata {
        try metadata(ProbeInput(source: DataByteSource(data: data), name: name))
    }

    /// ``probe(fileAt:)`` and ``metadata(fileAt:)`` through one open of the file, as `packer add`
    /// reads each file it adds.
    ///
    /// - Throws: ``AudioProbeError`` naming `path`, as ``probe(fileAt:)`` would.
    public static func probeWithMetadata(fileAt path: String) throws(AudioProbeError) -> (AudioInfo, EmbeddedMetadata) {
        let input = ProbeInput(source: try FileByteSource(path: path), name: path)
        return (try probe(input), try metadata(input))
    }

    static func metadata(_ input: ProbeInput) throws(AudioProbeError) -> EmbeddedMetadata {
        switch try FormatDetector.detect(input) {
        case .wav: try WAVParser.metadata(input)
        case .aiff: EmbeddedMetadata()
        case .flac(let start): try FLACParser.metadata(input, start: start)
        case .ogg: try OggParser.metadata(input)
        case .mp4: try MP4Parser.metadata(input)
        case .mp3: try ID3Tags.metadata(input)
        }
    }
}
