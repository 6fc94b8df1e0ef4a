import Foundation
import PackArchive
import TestSupport
import Testing

/// A source that declares one size in the header and then serves a different amount of data.
final class LyingSource: PackArchiveEntrySource {
    let archiveName = "lying-source"
    let declared: Int64
    let actual: Int
    private(set) var served = 0
    private var done = false
    private(set) var largestRequest = 0

    init(declared: Int64, actual: Int) {
        self.declared = declared
        self.actual = actual
    }

    func nextEntry() throws(PackArchiveError) -> PackArchiveEntry? {
        defer { done = true }
        return done ? nil : PackArchiveEntry(name: "a.flac", type: .regular, size: declared, index: 1)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(PackArchiveError) -> Int {
        largestRequest = max(largestRequest, buffer.count)
        let n = min(buffer.count, actual - served, 3)
        for i in 0..<n { buffer[i] = 0x41 }
        served += n
        return n
    }
}

@Suite("Streaming", .serialized, .startsProcesses)
struct StreamingTests {
    static let entries: [TestEntry] = {
        var random = SeededRandom(seed: 7)
        return [0, 1, 511, 512, 513, 700, 5000, 20_000].enumerated().map { index, size in
            TestEntry(name: "asset-\(index).flac", bytes: random.bytes(size))
        }
    }()

    @Test("The stream reader gives the same entries as the file reader", arguments: [1, 7, 4096, 1 << 20])
    func streamMatchesFile(blockSize: Int) throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive(Self.entries, to: path, chunk: 333)
        let fromFile = try readAll(PackArchiveReader(path: path))
        let source = try ChunkedFile(path: path, blockSize: blockSize)
        let fromStream = try readAll(PackArchiveReader(name: "stream", readBlock: source.next))
        #expect(fromStream.map(\.0) == fromFile.map(\.0))
        #expect(fromStream.map(\.1) == fromFile.map(\.1))
        #expect(fromFile.map(\.1) == Self.entries.map(\.bytes))
        let fileSize = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(source.calls >= fileSize / blockSize)
    }

    @Test("Extraction over a stream gives the same files", arguments: [1, 7])
    func extractOverStream(blockSize: Int) throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive(Self.entries, to: path)
        let expected = Dictionary(uniqueKeysWithValues: Self.entries.map { ($0.name, Int64($0.bytes.count)) })
        let log = ExtractLog()
        try extract(path, expected: expected, streamBlock: blockSize, log: log)
        #expect(log.opened == Self.entries.map(\.name))
        #expect(log.files == Dictionary(uniqueKeysWithValues: Self.entries.map { ($0.name, $0.bytes) }))
    }

    @Test("Empty blocks from the source do not end the stream")
    func emptyBlocksAreSkipped() throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive(Self.entries, to: path)
        let source = try ChunkedFile(path: path, blockSize: 1000)
        var flip = false
        let reader = try PackArchiveReader(name: "stream") {
            flip.toggle()
            return flip ? Data() : try source.next()
        }
        #expect(try readAll(reader).map(\.1) == Self.entries.map(\.bytes))
    }

    @Test("An error from the byte source fails the read and is kept as the cause")
    func sourceErrorIsReported() throws {
        struct ConnectionLost: Error {}
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive(Self.entries, to: path)
        let source = try ChunkedFile(path: path, blockSize: 4096)
        let reader = try PackArchiveReader(name: "download") {
            if source.calls == 3 { throw ConnectionLost() }
            return try source.next()
        }
        let error = try #require(throws: PackArchiveError.self) { try readAll(reader) }
        #expect(error.underlying is ConnectionLost)
        #expect(error.archive == "download")
        #expect(error.description.contains("byte source failed"))
    }

    @Test("100,000 unknown entries fail on the first one without reading the rest")
    func failsFastOnUnknownNames() throws {
        let dir = try TempDir()
        let path = dir.path("junk.tar")
        try HostileTar.build(HostileTar.Spec(junk: 100_000), at: path)
        let fileSize = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(fileSize == 100_000 * 1024 + 1024)

        let source = try ChunkedFile(path: path, blockSize: 65_536)
        let reader = try PackArchiveReader(name: path, readBlock: source.next)
        let log = ExtractLog()
        let error = try #require(throws: PackArchiveError.self) {
            try PackArchiveExtractor.extract(
                from: reader, expected: ["a.flac": 5],
                open: log.open, chunk: log.chunk, close: log.close)
        }
        #expect(error.entry == "junk-000000.bin")
        #expect(log.opened.isEmpty)
        // 1,564 blocks make up the archive; the first header sits in the first one.
        #expect(source.calls <= 2, "read \(source.calls) blocks of \(fileSize / 65_536)")

        let fileError = try #require(throws: PackArchiveError.self) {
            try extract(path, expected: ["a.flac": 5], log: ExtractLog())
        }
        #expect(fileError.entry == "junk-000000.bin")
    }

    @Test("More data than the header declares is refused without trusting the header")
    func overrunIsCountedNotTrusted() throws {
        let source = LyingSource(declared: 10, actual: 20)
        var delivered = 0
        let error = try #require(throws: PackArchiveError.self) {
            try PackArchiveExtractor.extract(
                from: source, expected: ["a.flac": 10],
                open: { _ in }, chunk: { delivered += $0.count }, close: { _ in })
        }
        #expect(error.entry == "a.flac")
        #expect(error.message.contains("more than the 10 bytes"))
        #expect(delivered <= 10)
        // Never asks for, nor takes, more than one byte past the declared size.
        #expect(source.largestRequest <= 11)
        #expect(source.served == 11)
    }

    @Test("Less data than the header declares is refused")
    func shortDataIsRefused() throws {
        let source = LyingSource(declared: 10, actual: 4)
        var closed = false
        let error = try #require(throws: PackArchiveError.self) {
            try PackArchiveExtractor.extract(
                from: source, expected: ["a.flac": 10],
                open: { _ in }, chunk: { _ in }, close: { _ in closed = true })
        }
        #expect(error.message.contains("ended after 4 of the 10 bytes"))
        #expect(!closed)
    }
}
