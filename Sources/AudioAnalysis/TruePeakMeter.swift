import Foundation

/// ITU-R BS.1770-4 Annex 2 true peak of interleaved float frames: the largest magnitude of the
/// signal oversampled 4× (2× from 96 kHz, none from 192 kHz) by the polyphase windowed-sinc
/// FIR libebur128 uses (49 taps, Hann window), and never below the sample peak.
///
/// Oversampling is the costly part, so a block of frames is filtered only when it could raise
/// the maximum: no output of phase `p` exceeds the largest input magnitude in its taps' span
/// times `Σ|c|` of that phase, so a block whose span's largest magnitude times the largest such
/// sum is at most the running maximum is skipped. The result is the same as filtering
/// everything. Each channel keeps the FIR's history across calls, so the figure does not
/// depend on how the stream is cut into chunks.
package struct TruePeakMeter {
    static let taps = 49
    static let blockFrames = 1024
    private let channels: Int
    /// Taps per phase; the FIR reads the current frame and `span - 1` frames before it.
    private let span: Int
    /// Coefficients of the three phases that are not a copy of an input sample, by tap;
    /// zeros where a rate has fewer such phases.
    private let phase1: [Float]
    private let phase2: [Float]
    private let phase3: [Float]
    /// Bound on |output| / max |input in the span|, over the phases, with a margin for
    /// single-precision rounding so a skipped block can never have held a larger output.
    private let gain: Float
    private var history: [[Float]]
    private var work: [Float] = []
    /// Largest magnitude so far (linear; 1.0 = full scale).
    package private(set) var peak: Float = 0

    package init(channels: Int, sampleRate: Int) {
        let factor = sampleRate < 96000 ? 4 : sampleRate < 192_000 ? 2 : 1
        let phases = Self.phases(factor: factor)
        let span = (Self.taps + factor - 1) / factor
        self.span = span
        let padded = (0..<3).map { i in i < phases.count ? phases[i] : [Float](repeating: 0, count: span) }
        phase1 = padded[0]
        phase2 = padded[1]
        phase3 = padded[2]
        let sums = padded.map { $0.reduce(Float(0)) { $0 + abs($1) } }
        gain = (sums.max() ?? 0) * 1.0001
        self.channels = channels
        history = Array(repeating: [Float](repeating: 0, count: span - 1), count: channels)
    }

    /// libebur128's interpolator: tap `j` of the windowed sinc goes to phase `j % factor` at
    /// delay `j / factor`; coefficients under 1e-6 are dropped. Phase 0 is the input sample
    /// itself (the sample peak covers it), so only the other phases are returned.
    static func phases(factor: Int) -> [[Float]] {
        guard factor > 1 else { return [] }
        let span = (taps + factor - 1) / factor
        var phases = [[Float]](repeating: [Float](repeating: 0, count: span), count: factor)
        for j in 0..<taps {
            let m = Double(j) - Double(taps - 1) / 2
            var c = 1.0
            if abs(m) > 0.000001 { c = sin(m * .pi / Double(factor)) / (m * .pi / Double(factor)) }
            c *= 0.5 * (1 - cos(2 * .pi * Double(j) / Double(taps - 1)))
            if abs(c) > 0.000001 { phases[j % factor][j / factor] = Float(c) }
        }
        return Array(phases.dropFirst())
    }

    /// Measures `frames` interleaved frames.
    package mutating func add(_ samples: UnsafeBufferPointer<Float>, frames: Int) {
        guard frames > 0, let source = samples.baseAddress else { return }
        let lead = span - 1
        var scratch: [Float] = []
        swap(&scratch, &work)
        defer { swap(&scratch, &work) }
        if scratch.count < lead + frames { scratch = [Float](repeating: 0, count: lead + frames) }
        for channel in 0..<channels {
            scratch.withUnsafeMutableBufferPointer { buffer in
                let w = buffer.baseAddress!
                history[channel].withUnsafeBufferPointer { w.update(from: $0.baseAddress!, count: lead) }
                for i in 0..<frames { w[lead + i] = source[i * channels + channel] }
                var start = 0
                while start < frames {
                    let count = min(Self.blockFrames, frames - start)
                    let largest = Self.largestMagnitude(w + start, count: lead + count)
                    peak = max(peak, largest)
                    if largest * gain > peak {
                        peak = max(peak, oversampledPeak(w + lead, from: start, count: count))
                    }
                    start += count
                }
                history[channel].withUnsafeMutableBufferPointer {
                    $0.baseAddress!.update(from: w + frames, count: lead)
                }
            }
        }
    }

    /// The largest |sample| of `count` floats (0 for none), eight lanes at a time.
    static func largestMagnitude(_ p: UnsafePointer<Float>, count: Int) -> Float {
        var high = SIMD8<Float>(repeating: 0)
        var low = SIMD8<Float>(repeating: 0)
        var i = 0
        while i + 8 <= count {
            widen(&high, &low, UnsafeRawPointer(p + i).loadUnaligned(as: SIMD8<Float>.self))
            i += 8
        }
        var largest = max(high.max(), -low.min())
        while i < count {
            largest = max(largest, abs(p[i]))
            i += 1
        }
        return largest
    }

    /// Extends the lane-wise range `low...high` to `v` (masked replacement: the standard
    /// library's `pointwiseMax` runs lane by lane and took a third of the packer's CPU time).
    @inline(__always)
    private static func widen(_ high: inout SIMD8<Float>, _ low: inout SIMD8<Float>, _ v: SIMD8<Float>) {
        high.replace(with: v, where: v .> high)
        low.replace(with: v, where: v .< low)
    }

    /// The largest |output| of the non-trivial phases for input frames `from..<from + count`;
    /// `x[n - k]` for `k < span` must be readable (the history sits before `x[0]`).
    private func oversampledPeak(_ x: UnsafePointer<Float>, from: Int, count: Int) -> Float {
        phase1.withUnsafeBufferPointer { c1 in
            phase2.withUnsafeBufferPointer { c2 in
                phase3.withUnsafeBufferPointer { c3 in
                    var high = SIMD8<Float>(repeating: 0)
                    var low = SIMD8<Float>(repeating: 0)
                    var n = from
                    let end = from + count
                    while n + 8 <= end {
                        var a1 = SIMD8<Float>(repeating: 0)
                        var a2 = SIMD8<Float>(repeating: 0)
                        var a3 = SIMD8<Float>(repeating: 0)
                        for k in 0..<span {
                            let v = UnsafeRawPointer(x + n - k).loadUnaligned(as: SIMD8<Float>.self)
                            a1 += c1[k] * v
                            a2 += c2[k] * v
                            a3 += c3[k] * v
                        }
                        Self.widen(&high, &low, a1)
                        Self.widen(&high, &low, a2)
                        Self.widen(&high, &low, a3)
                        n += 8
                    }
                    var largest = max(high.max(), -low.min())
                    while n < end {
                        var a1: Float = 0
                        var a2: Float = 0
                        var a3: Float = 0
                        for k in 0..<span {
                            let v = x[n - k]
                            a1 += c1[k] * v
                            a2 += c2[k] * v
                            a3 += c3[k] * v
                        }
                        largest = max(largest, abs(a1), abs(a2), abs(a3))
                        n += 1
                    }
                    return largest
                }
            }
        }
    }
}
