import CatalogModel
import Foundation

/// What the analysis of one audio file found: its loudness, its length, its own loop marks,
/// its waveform and how far the seam of each candidate loop jumps. Stored as JSON in the
/// ``AnalysisCache``, keyed by the file's SHA-256.
package struct SoundAnalysis: Codable, Sendable, Equatable {
    package var loudness: Loudness
    package var frames: Int64
    package var sampleRate: Int
    package var channels: Int
    /// The file's own loop marks (``LoopMarks``), if any.
    package var fileLoop: LoopRegion?
    /// 256 bytes, base64: the peak of each 1/256 of the file, 0–255.
    package var peaks: String
    /// The seam measured for each loop region this analysis looked at.
    package var seams: [Seam]

    /// The largest difference between the last and first frame of `region`, over the
    /// channels, as a fraction of full scale (sample values run from −1 to 1).
    package struct Seam: Codable, Sendable, Equatable {
        package var region: LoopRegion
        package var jump: Double
    }

    /// A seam jumping more than this (of full scale) on any channel clicks.
    package static let clickThreshold = 0.25

    /// The loop an item plays: the authored region, else the file's marks, else the whole
    /// file for a loopable item; nil for an item that doesn't loop. Clamped to the file.
    package func loop(authored: LoopRegion?, loopable: Bool) -> LoopRegion? {
        guard let region = authored ?? fileLoop ?? (loopable ? LoopRegion(start: 0, end: frames) : nil) else {
            return nil
        }
        let end = min(region.end, frames)
        return LoopRegion(start: min(region.start, max(end - 1, 0)), end: end)
    }

    /// The seam jump of `region`, when this analysis measured it.
    package func seamJump(of region: LoopRegion) -> Double? {
        seams.first { $0.region == region }?.jump
    }
}

/// The peak of each 1/256 of a file, gathered in blocks sized from the declared length, so
/// memory stays small for an hour-long file and short effects still get 256 distinct values.
struct PeakEnvelope {
    private var blocks: [Float] = []
    private let blockFrames: Int
    private var current: Float = 0
    private var inBlock = 0

    init(declaredFrames: Int64?) {
        blockFrames = max(1, Int((declaredFrames ?? 1 << 20) / 4096))
    }

    mutating func add(_ samples: UnsafeBufferPointer<Float>, frames: Int, channels: Int) {
        var frame = 0
        while frame < frames {
            // One run of frames inside the current block, scanned as flat samples.
            let take = min(frames - frame, blockFrames - inBlock)
            let run = TruePeakMeter.largestMagnitude(samples.baseAddress! + frame * channels, count: take * channels)
            current = max(current, run)
            frame += take
            inBlock += take
            if inBlock == blockFrames {
                blocks.append(current)
                current = 0
                inBlock = 0
            }
        }
    }

    /// 256 values, 0–255, base64.
    mutating func finish() -> String {
        if inBlock > 0 { blocks.append(current) }
        var bytes = [UInt8](repeating: 0, count: 256)
        guard !blocks.isEmpty else { return Data(bytes).base64EncodedString() }
        for b in 0..<256 {
            let from = b * blocks.count / 256
            let to = max(from + 1, (b + 1) * blocks.count / 256)
            let peak = blocks[from..<min(to, blocks.count)].max() ?? 0
            bytes[b] = UInt8((min(peak, 1) * 255).rounded())
        }
        return Data(bytes).base64EncodedString()
    }
}
