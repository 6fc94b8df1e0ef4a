/// What ``AudioProbe`` reads from an audio file's headers.
///
/// ```swift
/// let info = try AudioProbe.probe(fileAt: "audio/door-creak.wav")
/// print(info.codec, info.sampleRate, info.channels, info.duration)  // pcm 44100 2 1.25
/// ```
public struct AudioInfo: Sendable, Equatable, Codable {
    /// The codec: one of `"pcm"`, `"flac"`, `"vorbis"`, `"opus"`, `"mp3"`, `"aac"`, `"alac"`.
    public var codec: String
    /// Samples per second per channel. Opus always reports 48000, the rate it decodes at.
    public var sampleRate: Int
    /// The number of audio channels (at least 1).
    public var channels: Int
    /// The playing time in seconds.
    public var duration: Double

    /// Creates a value; ``AudioProbe`` is the usual source of these.
    ///
    /// ```swift
    /// let expected = AudioInfo(codec: "flac", sampleRate: 48000, channels: 2, duration: 3.5)
    /// ```
    public init(codec: String, sampleRate: Int, channels: Int, duration: Double) {
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.duration = duration
    }
}
