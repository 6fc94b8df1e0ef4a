import CEBUR128
import CatalogModel
import Foundation

/// EBU R128 / ITU-R BS.1770-4 measurement of one stream: integrated loudness (gated), loudness
/// range and the loudest momentary (400 ms) loudness through libebur128, read after every
/// 100 ms block, and the true peak through ``TruePeakMeter`` (libebur128's own true-peak mode
/// oversamples every frame and took three quarters of the analysis time). The only Swift that
/// calls libebur128.
///
/// ```swift
/// let meter = try LoudnessMeter(channels: 2, sampleRate: 48000, path: "a.wav")
/// meter.add(samples, frames: n)
/// meter.figures.integrated   // -23.0
/// ```
final class LoudnessMeter {
    private let state: UnsafeMutablePointer<ebur128_state>
    private let channels: Int
    private let blockFrames: Int
    private var pendingInBlock = 0
    private var momentaryMax = -Double.infinity
    private var truePeakMeter: TruePeakMeter

    init(channels: Int, sampleRate: Int, path: String) throws {
        let mode = EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue | EBUR128_MODE_HISTOGRAM.rawValue
        guard let state = ebur128_init(UInt32(channels), UInt(sampleRate), Int32(mode)) else {
            throw AudioAnalysisError.measure(
                path: path, reason: "libebur128 does not take \(channels) channels at \(sampleRate) Hz")
        }
        self.state = state
        self.channels = channels
        blockFrames = max(1, sampleRate / 10)
        truePeakMeter = TruePeakMeter(channels: channels, sampleRate: sampleRate)
    }

    deinit {
        var pointer: UnsafeMutablePointer<ebur128_state>? = state
        ebur128_destroy(&pointer)
    }

    /// Adds interleaved frames, in slices that end on the 100 ms block boundaries so the
    /// momentary loudness can be read at each of them.
    func add(_ samples: UnsafeBufferPointer<Float>, frames: Int) {
        truePeakMeter.add(samples, frames: frames)
        var offset = 0
        while offset < frames {
            let take = min(frames - offset, blockFrames - pendingInBlock)
            ebur128_add_frames_float(state, samples.baseAddress! + offset * channels, take)
            offset += take
            pendingInBlock += take
            if pendingInBlock == blockFrames {
                pendingInBlock = 0
                var momentary = 0.0
                if ebur128_loudness_momentary(state, &momentary) == 0, momentary.isFinite {
                    momentaryMax = max(momentaryMax, momentary)
                }
            }
        }
    }

    /// The figures so far, rounded to one decimal; `integrated` is nil for digital silence.
    var figures: Loudness {
        var integrated = 0.0
        var range = 0.0
        let hasIntegrated = ebur128_loudness_global(state, &integrated) == 0 && integrated.isFinite
        if ebur128_loudness_range(state, &range) != 0 || !range.isFinite { range = 0 }
        let peak = Double(truePeakMeter.peak)
        let truePeak = peak > 0 ? 20 * log10(peak) : Loudness.floor
        return Loudness(
            integrated: hasIntegrated ? Loudness.round(integrated) : nil,
            range: Loudness.round(range),
            truePeak: Loudness.round(max(truePeak, Loudness.floor)),
            momentaryMax: Loudness.round(momentaryMax.isFinite ? momentaryMax : Loudness.floor))
    }
}
