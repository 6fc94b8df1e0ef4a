import AudioAnalysis
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Loudness, true peak and waveform figures of real audio made by ffmpeg at test time.
@Suite(.serialized, .startsProcesses) struct LoudnessTests {
    @Test(arguments: [-23.0, -33.0])
    func sineInBothChannelsMeasuresItsLevel(level: Double) throws {
        // EBU Tech 3341 cases 1 and 2: a 1 kHz sine at −23 / −33 dBFS in both channels.
        let tmp = try TemporaryDirectory()
        let path = tmp.path("sine.wav")
        try AudioFixtures.tone(at: path, level: level, codec: ["-c:a", "pcm_f32le"])
        let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: nil)
        let integrated = try #require(analysis.loudness.integrated)
        #expect(abs(integrated - level) <= 0.1)
        #expect(abs(analysis.loudness.truePeak - level) <= 0.2)
        #expect(abs(analysis.loudness.momentaryMax - level) <= 0.2)
        #expect(analysis.loudness.range <= 0.1)
        #expect(analysis.frames == 48000 * 20)
        #expect(analysis.sampleRate == 48000 && analysis.channels == 2)
    }

    @Test func interSamplePeakIsAboveTheSamplePeak() throws {
        // A full-scale sine at a quarter of the rate, sampled 45° off its crests: every sample is
        // ±0.707 (−3 dBFS) while the wave between them reaches 0 dBTP.
        let tmp = try TemporaryDirectory()
        let path = tmp.path("isp.wav")
        try AudioFixtures.wav(at: path, frames: 48000) { f, _ in
            sin(Double.pi / 2 * Double(f) + Double.pi / 4) * 0.999
        }
        let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: nil)
        let samplePeak = 20 * log10(0.707 * 0.999)
        #expect(analysis.loudness.truePeak > samplePeak + 2)
        #expect(analysis.loudness.truePeak > -0.5)
    }

    @Test func digitalSilenceHasNoIntegratedLoudness() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("silence.wav")
        try AudioFixtures.wav(at: path, frames: 48000) { _, _ in 0 }
        let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: nil)
        #expect(analysis.loudness.integrated == nil)
        #expect(analysis.loudness.truePeak == Loudness.floor)
        let peaks = try #require(Data(base64Encoded: analysis.peaks))
        #expect(peaks.count == 256 && peaks.allSatisfy { $0 == 0 })
    }

    @Test func peaksFollowTheWaveform() throws {
        // Loud first half, silent second half.
        let tmp = try TemporaryDirectory()
        let path = tmp.path("half.wav")
        try AudioFixtures.wav(at: path, channels: 1, frames: 96000) { f, _ in
            f < 48000 ? sin(Double(f) / 10) * 0.5 : 0
        }
        let peaks = try #require(Data(base64Encoded: SoundAnalyzer.analyze(path: path, authoredLoop: nil).peaks))
        #expect(peaks.count == 256)
        #expect(peaks.prefix(120).allSatisfy { abs(Int($0) - 128) <= 2 })
        #expect(peaks.suffix(120).allSatisfy { $0 == 0 })
    }

    /// The same audio in all seven formats, measured like ffmpeg's own EBU R128 filter.
    @Test(arguments: [
        ("wav", ["-c:a", "pcm_s16le"]), ("aiff", ["-c:a", "pcm_s16be"]), ("flac", ["-c:a", "flac"]),
        ("ogg", ["-c:a", "libvorbis", "-q:a", "6"]), ("opus", ["-c:a", "libopus", "-b:a", "160k"]),
        ("mp3", ["-c:a", "libmp3lame", "-b:a", "256k"]), ("m4a", ["-c:a", "aac", "-b:a", "256k"]),
        ("alac.m4a", ["-c:a", "alac"]),
    ])
    func everyFormatAgreesWithFFmpeg(ext: String, codec: [String]) throws {
        let tmp = try TemporaryDirectory()
        let path = try AudioFixtures.noiseAndTone(in: tmp, ext: ext, codec: codec, seconds: 8, seed: 7)
        let reference = try AudioFixtures.ffmpegLoudness(of: path)
        let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: nil)
        let integrated = try #require(analysis.loudness.integrated)
        #expect(abs(integrated - reference.integrated) <= 0.1, "\(ext): \(integrated) vs \(reference.integrated)")
        #expect(
            abs(analysis.loudness.truePeak - reference.truePeak) <= 0.3,
            "\(ext): \(analysis.loudness.truePeak) vs \(reference.truePeak)")
        #expect(abs(analysis.loudness.range - reference.range) <= 0.5)
    }
}
