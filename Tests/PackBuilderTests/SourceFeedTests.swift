import AudioAnalysis
import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import PackBuilder

/// A decoder fed the chunks the build reads finds exactly what a decoder reading the file finds,
/// in all seven formats, with containers that seek to their end (Ogg, MP4, MP3 tags) and a
/// read-ahead far smaller than the file; only such seeks go back to the file.
@Suite("decoding from the build's stream", .timeLimit(.minutes(3)))
struct SourceFeedTests {
    static let chunk = 64 << 10

    /// Plays the writer: reads `path` chunk by chunk from `pool` and delivers each to `feed`.
    func stream(_ path: String, into feed: SourceFeed, pool: ChunkPool) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            defer { done.signal() }
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            var offset: Int64 = 0
            while true {
                let chunk = pool.take(offset: offset)
                chunk.count = (try? StreamingPackWriter.readChunk(fd, into: chunk.buffer, path: path)) ?? 0
                defer { chunk.release() }
                guard chunk.count > 0 else { break }
                feed.deliver(chunk)
                offset = chunk.end
            }
            feed.finish()
        }
        return done
    }

    @Test(arguments: [
        ("wav", ["-c:a", "pcm_s16le"]), ("aiff", ["-c:a", "pcm_s16be"]), ("flac", ["-c:a", "flac"]),
        ("ogg", ["-c:a", "libvorbis", "-q:a", "6", "-metadata", "LOOPSTART=4410", "-metadata", "LOOPLENGTH=88200"]),
        ("opus", ["-c:a", "libopus", "-b:a", "160k"]), ("mp3", ["-c:a", "libmp3lame", "-b:a", "256k"]),
        ("m4a", ["-c:a", "aac", "-b:a", "256k"]), ("alac.m4a", ["-c:a", "alac"]),
    ])
    func streamedDecodeEqualsTheFile(ext: String, codec: [String]) throws {
        let tmp = try TemporaryDirectory()
        let path = try AudioFixtures.noiseAndTone(in: tmp, ext: ext, codec: codec, seconds: 12, seed: 3)
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64)
        let loop = LoopRegion(start: 22050, end: 441000)
        let direct = try SoundAnalyzer.analyze(path: path, authoredLoop: loop)

        // Four chunks of read-ahead: the decoder keeps the writer waiting most of the time.
        let pool = ChunkPool(chunks: 4, chunkSize: Self.chunk)
        let feed = SourceFeed(path: path, size: size, chunkSize: Self.chunk)
        let writer = stream(path, into: feed, pool: pool)
        let streamed = try SoundAnalyzer.analyze(path: path, authoredLoop: loop, source: feed)
        writer.wait()

        #expect(streamed == direct, "\(ext)")
        if ext == "ogg" { #expect(streamed.fileLoop == LoopRegion(start: 4410, end: 92610)) }
        // What went back to the file: an index or a length lookup at its end that the stream had
        // not reached yet (MP4's `moov`, Ogg's last page: a few KiB, up to a chunk when the writer
        // is slow on a busy machine), never the audio again.
        #expect(feed.reread <= max(2 * Self.chunk, 16 << 10), "\(ext): \(feed.reread) of \(size) bytes read again")
    }

    @Test("a decoder that stops early lets the writer finish: every chunk goes back to the pool")
    func closedFeedReleasesEverything() throws {
        let tmp = try TemporaryDirectory()
        let path = tmp.path("tone.wav")
        try AudioFixtures.tone(at: path, level: -20, seconds: 10)
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64)
        let pool = ChunkPool(chunks: 3, chunkSize: Self.chunk)
        let feed = SourceFeed(path: path, size: size, chunkSize: Self.chunk)
        let writer = stream(path, into: feed, pool: pool)
        var buffer = [UInt8](repeating: 0, count: 1000)
        #expect(buffer.withUnsafeMutableBytes { feed.read(at: 0, into: $0.baseAddress!, count: 1000) } == 1000)
        feed.close()
        #expect(writer.wait(timeout: .now() + 30) == .success, "the writer was left waiting for chunks")
        let all = (0..<3).map { _ in pool.take(offset: 0) }  // all three are free again
        all.forEach { $0.release() }
    }
}
