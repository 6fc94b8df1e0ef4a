import CatalogModel
import Foundation

/// Decodes one file once and measures everything the manifest carries about its sound:
/// loudness (``LoudnessMeter``), waveform peaks, the file's loop marks and the seam of each
/// loop it might play (authored, marked, whole file).
///
/// ```swift
/// let analysis = try SoundAnalyzer.analyze(path: "audio/creek.flac", authoredLoop: nil)
/// analysis.loudness.integrated   // -31.2
/// ```
package enum SoundAnalyzer {
    /// Counts files decoded by this process (the cache's tests read it).
    package static var decodeCount: Int { counter.value }
    private static let counter = Counter()

    /// Decodes `path` (through `source` when given, which is closed when done) and measures it.
    package static func analyze(
        path: String, authoredLoop: LoopRegion?, source: (any AudioByteSource)? = nil
    ) throws -> SoundAnalysis {
        defer { source?.close() }
        let decoder = try AudioDecoder(path: path, source: source)
        counter.increment()
        let marks = LoopMarks.read(path: path, tags: decoder.metadata)
        let meter = try LoudnessMeter(channels: decoder.channels, sampleRate: decoder.sampleRate, path: path)
        var envelope = PeakEnvelope(declaredFrames: decoder.declaredFrames)
        var probes = SeamProbes(regions: [authoredLoop, marks].compactMap { $0 }, channels: decoder.channels)
        var position: Int64 = 0
        try decoder.decode { samples, frames in
            meter.add(samples, frames: frames)
            envelope.add(samples, frames: frames, channels: decoder.channels)
            probes.observe(samples, frames: frames, at: position)
            position += Int64(frames)
        }
        return SoundAnalysis(
            loudness: meter.figures, frames: position, sampleRate: decoder.sampleRate,
            channels: decoder.channels, fileLoop: marks, peaks: envelope.finish(),
            seams: probes.seams(totalFrames: position))
    }
}

/// Keeps the frames on both sides of each candidate loop's seam while the audio streams by:
/// each region's first frame and last frame, and the file's first and last frame.
struct SeamProbes {
    private let regions: [LoopRegion]
    private let channels: Int
    private var firsts: [[Float]?]
    private var lasts: [[Float]?]
    private var fileFirst: [Float]?
    private var fileLast: [Float] = []

    init(regions: [LoopRegion], channels: Int) {
        self.regions = regions
        self.channels = channels
        firsts = Array(repeating: nil, count: regions.count)
        lasts = Array(repeating: nil, count: regions.count)
    }

    mutating func observe(_ samples: UnsafeBufferPointer<Float>, frames: Int, at position: Int64) {
        guard frames > 0 else { return }
        func frame(_ i: Int64) -> [Float] {
            let base = Int(i - position) * channels
            return Array(samples[base..<base + channels])
        }
        if fileFirst == nil { fileFirst = frame(position) }
        fileLast = frame(position + Int64(frames) - 1)
        let range = position..<(position + Int64(frames))
        for (i, region) in regions.enumerated() {
            if range.contains(region.start) { firsts[i] = frame(region.start) }
            if range.contains(region.end - 1) { lasts[i] = frame(region.end - 1) }
        }
    }

    /// One seam per region (clamped to the file's length) plus the whole file's.
    func seams(totalFrames: Int64) -> [SoundAnalysis.Seam] {
        var result: [SoundAnalysis.Seam] = []
        if let fileFirst, !fileLast.isEmpty {
            result.append(.init(region: LoopRegion(start: 0, end: totalFrames), jump: jump(fileFirst, fileLast)))
        }
        for (i, region) in regions.enumerated() {
            let end = min(region.end, totalFrames)
            let clamped = LoopRegion(start: min(region.start, max(end - 1, 0)), end: end)
            guard let first = firsts[i] ?? (clamped.start == 0 ? fileFirst : nil) else { continue }
            let last = region.end > totalFrames ? fileLast : (lasts[i] ?? fileLast)
            result.append(.init(region: clamped, jump: jump(first, last)))
        }
        return result
    }

    private func jump(_ a: [Float], _ b: [Float]) -> Double {
        zip(a, b).map { Double(abs($0 - $1)) }.max() ?? 0
    }
}

/// A thread-safe count.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
