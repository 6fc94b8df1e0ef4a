import AudioAnalysis
import CatalogModel
import Foundation
import TestSupport
import Testing

/// Loop marks read from the files themselves, seams, and files that cannot be decoded.
@Suite(.serialized, .startsProcesses) struct LoopAndDecodeTests {
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

    @Test func aiffSustainLoopComesFromItsMarkers() throws {
        // 48 kHz mono 16-bit AIFF, 4800 frames; INST sustain loop from marker 1 (frame 480) to
        // marker 2 (frame 4320).
        var body = Data()
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.bigEndian) { body.append(contentsOf: $0) } }
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.bigEndian) { body.append(contentsOf: $0) } }
        body.append(contentsOf: Array("AIFFCOMM".utf8))
        u32(18)
        u16(1)
        u32(4800)
        u16(16)
        body.append(contentsOf: [0x40, 0x0E, 0xBB, 0x80, 0, 0, 0, 0, 0, 0])  // 48000 as 80-bit extended
        body.append(contentsOf: Array("MARK".utf8))
        u32(2 + 2 * (2 + 4 + 6))
        u16(2)
        for (id, position, name) in [(UInt16(1), UInt32(480), "begin"), (2, 4320, "end..")] {
            u16(id)
            u32(position)
            body.append(UInt8(name.utf8.count))
            body.append(contentsOf: Array(name.utf8))  // count byte + 5 letters: even, no pad
        }
        body.append(contentsOf: Array("INST".utf8))
        u32(20)
        body.append(contentsOf: [60, 0, 0, 127, 1, 127])
        u16(0)  // gain
        u16(1)  // sustain loop: forward
        u16(1)
        u16(2)
        u16(0)  // release loop: none
        u16(0)
        u16(0)
        body.append(contentsOf: Array("SSND".utf8))
        u32(8 + 4800 * 2)
        u32(0)
        u32(0)
        for f in 0..<4800 { u16(UInt16(bitPattern: Int16(sin(Double(f) / 8) * 8000))) }
        var file = Data("FORM".utf8)
        withUnsafeBytes(of: UInt32(body.count).bigEndian) { file.append(contentsOf: $0) }
        file.append(body)
        let tmp = try TemporaryDirectory()
        let path = try tmp.write("loop.aiff", file)
        let analysis = try SoundAnalyzer.analyze(path: path, authoredLoop: nil)
        #expect(analysis.frames == 4800)
        #expect(analysis.fileLoop == LoopRegion(start: 480, end: 4320))
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
        // The folder is the caller's (the tools pass `$XDG_CACHE_HOME/soundshelf`), else in the home directory.
        #expect(
            AnalysisCache.standard(in: URL(fileURLWithPath: "/x/soundshelf")).folder.path == "/x/soundshelf/analysis")
        let home = FileManager.default.homeDirectoryForCurrentUser
        #expect(AnalysisCache.standard().folder == home.appendingPathComponent(".cache/soundshelf/analysis"))
    }
}
