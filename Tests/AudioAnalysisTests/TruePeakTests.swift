import CEBUR128
import Foundation
import Testing

@testable import AudioAnalysis

/// The Swift true-peak meter against libebur128's own true-peak mode, and its independence
/// from how the stream is cut into chunks (it skips the oversampling of blocks that cannot
/// raise the maximum, so a late peak must still be found).
@Suite struct TruePeakTests {
    /// Five seconds of stereo: quiet noise, a −12 dBFS sine, then (after 4 s) a burst of a
    /// sine at a quarter of the rate sampled off its crests, whose peak lies between samples.
    static func signal(sampleRate: Int) -> [Float] {
        let frames = sampleRate * 5
        var state: UInt64 = 0x1234_5678
        var samples = [Float](repeating: 0, count: frames * 2)
        for f in 0..<frames {
            for c in 0..<2 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = (Double(state >> 40) / Double(1 << 24) - 0.5) * 0.02
                let t = Double(f)
                var value = noise + 0.25 * sin(2 * .pi * 997 * t / Double(sampleRate) + Double(c))
                if f > sampleRate * 4, f < sampleRate * 4 + 300, c == 1 {
                    value = 0.6 * sin(.pi / 2 * t + .pi / 4)
                }
                samples[f * 2 + c] = Float(value)
            }
        }
        return samples
    }

    static func libebur128Peak(_ samples: [Float], sampleRate: Int) throws -> Float {
        let state = try #require(ebur128_init(2, UInt(sampleRate), Int32(EBUR128_MODE_TRUE_PEAK.rawValue)))
        var pointer: UnsafeMutablePointer<ebur128_state>? = state
        defer { ebur128_destroy(&pointer) }
        samples.withUnsafeBufferPointer { _ = ebur128_add_frames_float(state, $0.baseAddress!, samples.count / 2) }
        var peak = 0.0
        for channel in 0..<2 {
            var value = 0.0
            #expect(ebur128_true_peak(state, UInt32(channel), &value) == 0)
            peak = max(peak, value)
        }
        return Float(peak)
    }

    static func swiftPeak(_ samples: [Float], sampleRate: Int, chunkFrames: Int) -> Float {
        var meter = TruePeakMeter(channels: 2, sampleRate: sampleRate)
        let frames = samples.count / 2
        samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < frames {
                let count = min(chunkFrames, frames - start)
                meter.add(UnsafeBufferPointer(rebasing: all[(start * 2)..<((start + count) * 2)]), frames: count)
                start += count
            }
        }
        return meter.peak
    }

    @Test(arguments: [44100, 48000, 96000])
    func agreesWithLibebur128(sampleRate: Int) throws {
        let samples = Self.signal(sampleRate: sampleRate)
        let expected = try Self.libebur128Peak(samples, sampleRate: sampleRate)
        let peak = Self.swiftPeak(samples, sampleRate: sampleRate, chunkFrames: 4096)
        // The burst's samples are ±0.42 while the wave between them reaches 0.6.
        #expect(expected > 0.55)
        #expect(abs(peak - expected) <= expected * 1e-5)
    }

    @Test func chunkBoundariesDoNotChangeTheFigure() {
        let samples = Self.signal(sampleRate: 48000)
        let whole = Self.swiftPeak(samples, sampleRate: 48000, chunkFrames: samples.count / 2)
        for chunk in [1, 7, 1000, 1024, 4800, 65536] {
            #expect(Self.swiftPeak(samples, sampleRate: 48000, chunkFrames: chunk) == whole)
        }
    }

    @Test func filterMatchesTheRecommendationsShape() {
        // 4× oversampling: three non-trivial phases of at most 13 taps; the half-sample phase
        // is symmetric and each phase passes DC at unit gain (a windowed sinc sums to ≈ 1).
        let phases = TruePeakMeter.phases(factor: 4)
        #expect(phases.count == 3 && phases.allSatisfy { $0.count == 13 })
        let half = phases[1].filter { $0 != 0 }
        #expect(half == half.reversed())
        for phase in phases { #expect(abs(phase.reduce(0, +) - 1) < 0.01) }
    }
}
