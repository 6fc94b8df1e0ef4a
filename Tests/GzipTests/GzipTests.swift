import Foundation
import Gzip
import Testing

/// gzip as the catalog's files use it: the same bytes on every run, read back by `gzip` itself,
/// and damaged input refused rather than half read.
@Suite struct GzipTests {
    static let text = Data((0..<20_000).map { "line \($0): \($0 * 7919 % 1000)\n" }.joined().utf8)

    @Test func compressedBytesAreTheSameEveryTimeAndGzipReadsThem() throws {
        let a = try Gzip.compress(Self.text)
        #expect(a == (try Gzip.compress(Self.text)))
        #expect(a.count < Self.text.count / 3)
        #expect(Array(a.prefix(10)) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255])  // no name, time 0, OS unknown
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-test-\(UUID()).gz")
        defer { try? FileManager.default.removeItem(at: file) }
        try a.write(to: file)
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gunzip.arguments = ["-dc", file.path]
        let pipe = Pipe()
        gunzip.standardOutput = pipe
        try gunzip.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        gunzip.waitUntilExit()
        #expect(gunzip.terminationStatus == 0)
        #expect(out == Self.text)
    }

    @Test func aStreamFedInSmallPiecesGivesTheBytesBack() throws {
        let packed = try Gzip.compress(Self.text)
        var inflater = try GzipInflater(limit: Self.text.count)
        var out = Data()
        for start in stride(from: 0, to: packed.count, by: 97) {
            let piece = packed[start..<min(start + 97, packed.count)]
            try Data(piece).withUnsafeBytes { try inflater.feed($0) { out.append(contentsOf: $0) } }
        }
        try inflater.finish()
        #expect(out == Self.text)
        var written = Data()
        let writer = try GzipWriter { written.append(contentsOf: $0) }
        for start in stride(from: 0, to: Self.text.count, by: 4096) {
            try writer.write(Self.text[start..<min(start + 4096, Self.text.count)])
        }
        try writer.finish()
        #expect(try Gzip.decompress(written, limit: Self.text.count) == Self.text)
    }

    @Test func damagedTruncatedOversizedAndTrailingDataAreRefused() throws {
        let packed = try Gzip.compress(Self.text)
        #expect(throws: GzipError.truncated) { try Gzip.decompress(packed.prefix(packed.count - 5), limit: 1 << 24) }
        var flipped = packed
        flipped[flipped.count / 2] ^= 0x40
        #expect(throws: GzipError.self) { try Gzip.decompress(flipped, limit: 1 << 24) }
        #expect(throws: GzipError.tooLarge(limit: 1000)) { try Gzip.decompress(packed, limit: 1000) }
        #expect(throws: GzipError.trailingData) { try Gzip.decompress(packed + Data([1, 2, 3]), limit: 1 << 24) }
        #expect(throws: GzipError.self) { try Gzip.decompress(Data("not gzip".utf8), limit: 1 << 24) }
    }
}
