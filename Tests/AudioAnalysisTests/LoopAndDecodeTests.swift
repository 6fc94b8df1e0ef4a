import AudioAnalysis
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Loop marks read from the files themselves, seams, and files that cannot be decoded.
@Suite struct LoopAndDecodeTests {
    @Test func wavSmplLoopEndsAfterItsLastFrame() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("loop.wav")
        try AudioFixtures.wav(at: path, frames: 48000, loop: (start: 1000, last: 40999)) { f, _ in
            sin(2 * Double.pi * 100 * Double(f) / 48000) * 0.5
        }
        let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: nil)
        #expect(analysis.fileLoop == LoopRegion(start: 1000, end: 41000))
        #expect(analysis.loop(authored: nil, loopable: false) == LoopRegion(start: 1000, end: 41000))
        // The pack's own loop wins over the file's marks.
        let authored = LoopRegion(start: 0, end: 24000)
        #expect(analysis.loop(authored: authored, loopable: true) == authored)
    }

    @Test func oggLoopCommentsAreRead() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("loop.ogg")
        try AudioFixtures.tone(
            at: path, level: -20, seconds: 2,
            codec: ["-c:a", "libvorbis", "-metadata", "LOOPSTART=4800", "-metadata", "LOOPLENGTH=48000"])
        let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: nil)
        #expect(analysis.fileLoop == LoopRegion(start: 4800, end: 52800))
    }

    @Test func loopEndComment() throws {
        #expect(LoopMarksProbe.comments(["LOOPSTART": "10", "LOOPEND": "90"]) == LoopRegion(start: 10, end: 90))
        #expect(LoopMarksProbe.comments(["LOOPEND": "90"]) == nil)
    }

    @Test func seamThatJumpsIsMeasured() throws {
        // A rising ramp: the last frame (≈1.0) and the first (0) are a full scale apart.
        let tmp = try TemporaryDirectory()
        let path = tmp.path("ramp.wav")
        try AudioFixtures.wav(at: path, channels: 1, frames: 4800) { f, _ in Double(f) / 4800 }
        let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: LoopRegion(start: 0, end: 480))
        let whole = try #require(analysis.loop(authored: nil, loopable: true))
        #expect(try #require(analysis.seamJump(of: whole)) > SoundAnalysis.clickThreshold)
        #expect(try #require(analysis.seamJump(of: LoopRegion(start: 0, end: 480))) < SoundAnalysis.clickThreshold)
    }

    /// (A WAV or AIFF cut short is refused earlier, from its header, by the audio rules.)
    @Test(arguments: [("flac", ["-c:a", "flac"]), ("mp3", ["-c:a", "libmp3lame"]), ("m4a", ["-c:a", "alac"])])
    func truncatedFileIsAnErrorNamingIt(ext: String, codec: [String]) throws {
        let tmp = try TemporaryDirectory()
        let full = tmp.path("full.\(ext)")
        try AudioFixtures.tone(at: full, level: -20, seconds: 4, codec: codec)
        let data = try Data(contentsOf: URL(fileURLWithPath: full))
        let cut = try tmp.write("cut.\(ext)", data.prefix(data.count / 2))
        #expect {
            try SoundAnalyzer.analyze(path: cut, authoredLoop: nil)
        } throws: { error in
            // An MP4 cut short loses its index (moov) and cannot even be opened.
            (error as? AudioAnalysisError)?.path == cut
                && "\(error)".contains(ext == "m4a" ? "cannot be opened" : "truncated")
        }
    }

    @Test func undecodableFileIsAnErrorNamingIt() throws {
        let tmp = try TemporaryDirectory()
        let path = try tmp.write("noise.mp3", Data((0..<20000).map { UInt8(truncatingIfNeeded: $0 * 7919) }))
        #expect {
            try SoundAnalyzer.analyze(path: path, authoredLoop: nil)
        } throws: { error in
            "\(error)".hasPrefix(path)
        }
    }

    @Test func cacheAnswersWithoutDecoding() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("a.wav")
        try AudioFixtures.wav(at: path, frames: 4800) { f, _ in sin(Double(f) / 5) * 0.3 }
        let cache = AnalysisCache(folder: tmp.url.appendingPathComponent("cache"))
        let first = try cache.analysis(sha256: "abc", path: path, authoredLoop: nil)
        // The file is gone: only the cache can answer now.
        try FileManager.default.removeItem(atPath: path)
        #expect(try cache.analysis(sha256: "abc", path: path, authoredLoop: nil) == first)
        #expect(AnalysisCache.standard(environment: ["XDG_CACHE_HOME": "/x"]).folder.path == "/x/soundshelf/analysis")
        #expect(
            AnalysisCache.standard(environment: ["HOME": "/home/u"]).folder.path == "/home/u/.cache/soundshelf/analysis"
        )
    }
}
