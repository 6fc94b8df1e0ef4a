import Foundation

/// Real audio for the analysis tests, made at test time with ffmpeg (and written by hand for
/// the chunks ffmpeg cannot write, such as a WAV `smpl` loop), plus ffmpeg's own EBU R128
/// report to compare against.
///
/// ```swift
/// try AudioFixtures.tone(at: tmp.path("sine.wav"), level: -23)
/// let reference = try AudioFixtures.ffmpegLoudness(of: tmp.path("sine.wav"))
/// ```
public enum AudioFixtures {
    public struct Reference: Sendable {
        public var integrated: Double
        public var range: Double
        public var truePeak: Double
    }

    /// Runs `ffmpeg -nostdin -y -loglevel error ARGS`; throws with its stderr on failure.
    @discardableResult
    public static func ffmpeg(_ arguments: [String]) throws -> ToolRunner.Result {
        let result = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-nostdin", "-hide_banner", "-y", "-loglevel", "error"] + arguments)
        guard result.status == 0 else { throw FixtureFailure(message: "ffmpeg \(arguments): \(result.stderr)") }
        return result
    }

    /// A `frequency` Hz sine at `level` dBFS peak in every channel (lavfi `aevalsrc`), encoded
    /// by the extension of `path` (or `codec` when given).
    public static func tone(
        at path: String, level: Double, frequency: Double = 1000, seconds: Double = 20, rate: Int = 48000,
        channels: Int = 2, codec: [String] = []
    ) throws {
        let amplitude = pow(10, level / 20)
        let expression = Array(repeating: "\(amplitude)*sin(2*PI*\(frequency)*t)", count: channels)
            .joined(separator: "|")
        try ffmpeg(
            ["-f", "lavfi", "-i", "aevalsrc=exprs=\(expression):s=\(rate):d=\(seconds)"] + codec + [path])
    }

    /// `seconds` of pink noise (seeded) in one channel and a 440 Hz sine in the other, 44.1 kHz,
    /// 6 dB down, as 16-bit WAV at `path`: program material that every codec changes a little.
    public static func noiseAndTone(at path: String, seconds: Int, seed: Int) throws {
        try ffmpeg([
            "-f", "lavfi", "-i", "anoisesrc=color=pink:seed=\(seed):amplitude=0.25:r=44100:d=\(seconds)",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=\(seconds)",
            "-filter_complex", "[0][1]amerge=inputs=2,volume=-6dB", "-c:a", "pcm_s16le", path,
        ])
    }

    /// ``noiseAndTone(at:seconds:seed:)`` encoded with `codec` as `audio.<ext>` in `folder`; returns
    /// its path.
    public static func noiseAndTone(
        in folder: TemporaryDirectory, ext: String, codec: [String], seconds: Int, seed: Int
    ) throws -> String {
        let source = folder.path("source.wav")
        try noiseAndTone(at: source, seconds: seconds, seed: seed)
        let path = folder.path("audio.\(ext)")
        try encode(source, to: path, codec: codec)
        return path
    }

    /// Encodes `source` into `path` with the given codec arguments.
    public static func encode(_ source: String, to path: String, codec: [String]) throws {
        try ffmpeg(["-i", source, "-map_metadata", "-1"] + codec + [path])
    }

    /// `ffmpeg -af ebur128=peak=true`'s summary of `path`.
    public static func ffmpegLoudness(of path: String) throws -> Reference {
        let result = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            ["-nostdin", "-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"])
        guard result.status == 0, let summary = result.stderr.range(of: "Summary:") else {
            throw FixtureFailure(message: "ffmpeg ebur128 on \(path): \(result.stderr)")
        }
        let text = result.stderr[summary.upperBound...]
        func value(after label: String) -> Double? {
            guard let at = text.range(of: label) else { return nil }
            let rest = text[at.upperBound...].drop { $0 == " " }
            return Double(rest.prefix { "-+.0123456789".contains($0) })
        }
        guard let i = value(after: "I:"), let lra = value(after: "LRA:"), let peak = value(after: "Peak:") else {
            throw FixtureFailure(message: "no summary in ffmpeg's report for \(path)")
        }
        return Reference(integrated: i, range: lra, truePeak: peak)
    }

    /// A 16-bit PCM WAV of `frames` frames from `sample(frame, channel)` (−1…1), with a `smpl`
    /// chunk whose first loop runs from `loop.start` to `loop.last` (inclusive, as the chunk says).
    public static func wav(
        at path: String, rate: Int = 48000, channels: Int = 2, frames: Int,
        loop: (start: UInt32, last: UInt32)? = nil, sample: (Int, Int) -> Double
    ) throws {
        var data = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        var pcm = Data(capacity: frames * channels * 2)
        for f in 0..<frames {
            for c in 0..<channels {
                let v = Int16(max(-32768, min(32767, (sample(f, c) * 32767).rounded())))
                withUnsafeBytes(of: v.littleEndian) { pcm.append(contentsOf: $0) }
            }
        }
        let smplSize = loop == nil ? 0 : 8 + 60
        data.append(contentsOf: Array("RIFF".utf8))
        u32(UInt32(4 + 24 + smplSize + 8 + pcm.count))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16)
        u16(1)
        u16(UInt16(channels))
        u32(UInt32(rate))
        u32(UInt32(rate * channels * 2))
        u16(UInt16(channels * 2))
        u16(16)
        if let loop {
            data.append(contentsOf: Array("smpl".utf8))
            u32(60)
            for _ in 0..<7 { u32(0) }  // manufacturer … SMPTE offset
            u32(1)  // one loop
            u32(0)  // sampler data
            u32(0)  // cue point id
            u32(0)  // type: forward
            u32(loop.start)
            u32(loop.last)
            u32(0)  // fraction
            u32(0)  // play count: forever
        }
        data.append(contentsOf: Array("data".utf8))
        u32(UInt32(pcm.count))
        data.append(pcm)
        try data.write(to: URL(fileURLWithPath: path))
    }
}

/// A fixture tool failed; the message holds its output.
public struct FixtureFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
