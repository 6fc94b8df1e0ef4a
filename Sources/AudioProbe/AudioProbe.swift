import Foundation

/// Reads codec, sample rate, channels and duration from the headers of WAV, AIFF/AIFF-C,
/// FLAC, Ogg Vorbis/Opus, MP3 and M4A (AAC/ALAC) files, in pure Swift.
///
/// The format is recognised by content, never by the file name. Only headers are read (plus
/// the tail of an Ogg file, the `moov` box of an MP4 wherever it is, and, for an MP3 without
/// a Xing/VBRI header, 4 bytes per frame), so probing a large file is cheap.
///
/// ```swift
/// let info = try AudioProbe.probe(fileAt: "audio/door-creak.wav")
/// // AudioInfo(codec: "pcm", sampleRate: 44100, channels: 2, duration: 1.25)
/// let ext = AudioProbe.fileExtension(for: info, sourcePath: "audio/door-creak.WAV")  // "wav"
/// ```
public enum AudioProbe {
    /// Probes the file at `path`, reading only what it needs.
    ///
    /// - Throws: ``AudioProbeError`` naming `path` when the file cannot be read, is not a
    ///   supported format, or is truncated or corrupt.
    ///
    /// ```swift
    /// do {
    ///     let info = try AudioProbe.probe(fileAt: "music/theme.m4a")
    ///     print(info.codec, info.duration)  // aac 93.4
    /// } catch {
    ///     print(error)  // music/theme.m4a: truncated MP4 file: ...
    /// }
    /// ```
    public static func probe(fileAt path: String) throws(AudioProbeError) -> AudioInfo {
        try probe(ProbeInput(source: try FileByteSource(path: path), name: path))
    }

    /// Probes bytes in memory with the same parsers; `name` is used in error messages.
    ///
    /// - Throws: ``AudioProbeError`` naming `name`.
    ///
    /// ```swift
    /// let data = try Data(contentsOf: url)
    /// let info = try AudioProbe.probe(data: data, name: url.lastPathComponent)
    /// ```
    public static func probe(data: Data, name: String) throws(AudioProbeError) -> AudioInfo {
        try probe(ProbeInput(source: DataByteSource(data: data), name: name))
    }

    /// The canonical file extension for the audio at `sourcePath`: `"wav"`, `"aiff"`,
    /// `"flac"`, `"ogg"`, `"opus"`, `"mp3"` or `"m4a"`.
    ///
    /// The container is read from the file's first bytes, so a mislabelled file gets the
    /// extension of what it really is. If the file cannot be read, the source's lowercase
    /// extension is kept when it is a known one for `info.codec`; otherwise the codec's usual
    /// extension is returned.
    ///
    /// ```swift
    /// let info = try AudioProbe.probe(fileAt: "in/take-3.ogg")
    /// AudioProbe.fileExtension(for: info, sourcePath: "in/take-3.ogg")  // "opus" for Opus audio
    /// ```
    public static func fileExtension(for info: AudioInfo, sourcePath: String) -> String {
        if let source = try? FileByteSource(path: sourcePath),
            let container = try? FormatDetector.detect(ProbeInput(source: source, name: sourcePath))
        {
            return container.fileExtension(codec: info.codec)
        }
        let known: [String: [String]] = [
            "pcm": ["wav", "aiff", "aif", "aifc"], "flac": ["flac", "ogg", "oga"], "vorbis": ["ogg", "oga"],
            "opus": ["opus", "ogg"], "mp3": ["mp3"], "aac": ["m4a", "mp4"], "alac": ["m4a", "mp4"],
        ]
        let sourceExtension = (sourcePath as NSString).pathExtension.lowercased()
        let candidates = known[info.codec] ?? []
        if candidates.contains(sourceExtension) { return sourceExtension }
        return candidates.first ?? (sourceExtension.isEmpty ? "bin" : sourceExtension)
    }

    static func probe(_ input: ProbeInput) throws(AudioProbeError) -> AudioInfo {
        let info: AudioInfo
        switch try FormatDetector.detect(input) {
        case .wav: info = try WAVParser.parse(input)
        case .aiff: info = try AIFFParser.parse(input)
        case .flac(let start): info = try FLACParser.parse(input, start: start)
        case .ogg: info = try OggParser.parse(input)
        case .mp4: info = try MP4Parser.parse(input)
        case .mp3(let start): info = try MP3Parser.parse(input, start: start)
        }
        guard info.sampleRate > 0, info.channels > 0 else {
            throw input.error("corrupt audio file: \(info.sampleRate) Hz, \(info.channels) channels")
        }
        guard info.duration.isFinite, info.duration >= 0 else {
            throw input.error("corrupt audio file: the headers give an invalid duration")
        }
        return info
    }
}
