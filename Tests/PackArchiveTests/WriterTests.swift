import Foundation
import PackArchive
import Testing

@Suite("Writer and reader")
struct WriterTests {
    @Test("Round trip: random entries read back byte for byte", arguments: [1 as UInt64, 2, 3])
    func roundTrip(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let edgeSizes = [0, 1, 511, 512, 513, 3 << 20]
        let sizes = edgeSizes + (0..<20).map { _ in Int(random.next() % 300_000) }
        let entries = sizes.enumerated().map { index, size in
            TestEntry(name: String(format: "%04d-asset.flac", (index * 7919) % 1000), bytes: random.bytes(size))
        }
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive(entries, to: path, chunk: 1 + Int(random.next() % 100_000))

        let read = try readAll(PackArchiveReader(path: path))
        #expect(read.map { $0.0.name } == entries.map(\.name))
        #expect(read.allSatisfy { $0.0.type == .regular && $0.0.linkTarget == nil && !$0.0.isSparse })
        #expect(read.map(\.0.size) == entries.map { Int64($0.bytes.count) })
        #expect(read.map(\.1) == entries.map(\.bytes))

        let log = ExtractLog()
        let expected = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, Int64($0.bytes.count)) })
        try extract(path, expected: expected, log: log)
        #expect(log.opened == entries.map(\.name))
        #expect(log.closed == entries.map(\.name))
        #expect(log.files == Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.bytes) }))
    }

    @Test(
        "Names that are not flat printable ASCII are refused",
        arguments: ["", ".", "..", "../x", "a/b.flac", "/abs.flac", "é.ogg", "tab\t.flac", "nul\u{0}.flac"])
    func refusesBadNames(name: String) throws {
        let dir = try TempDir()
        let writer = try PackArchiveWriter(path: dir.path("pack.tar"))
        let error = try #require(throws: PackArchiveError.self) { try writer.beginEntry(name: name, size: 1) }
        #expect(error.entry == name)
        #expect(error.message.contains("flat file name"))
        // A refused name does not break the writer.
        try writer.beginEntry(name: "ok.flac", size: 0)
        try writer.finishEntry()
        try writer.close()
    }

    @Test("Writing more than the declared size is refused")
    func refusesOverrun() throws {
        let dir = try TempDir()
        let writer = try PackArchiveWriter(path: dir.path("pack.tar"))
        try writer.beginEntry(name: "a.flac", size: 4)
        let error = try #require(throws: PackArchiveError.self) {
            try Array("hello".utf8).withUnsafeBytes { try writer.write($0) }
        }
        #expect(error.entry == "a.flac")
        #expect(error.message.contains("more than the declared 4 bytes"))
        #expect(throws: PackArchiveError.self) { try writer.close() }
    }

    @Test("Finishing an entry early is refused")
    func refusesShortEntry() throws {
        let dir = try TempDir()
        let writer = try PackArchiveWriter(path: dir.path("pack.tar"))
        try writer.beginEntry(name: "a.flac", size: 10)
        try Array("abc".utf8).withUnsafeBytes { try writer.write($0) }
        let error = try #require(throws: PackArchiveError.self) { try writer.finishEntry() }
        #expect(error.message.contains("only 3 of the declared 10 bytes"))
        let after = try #require(throws: PackArchiveError.self) { try writer.beginEntry(name: "b.flac", size: 0) }
        #expect(after.message.contains("already closed or failed"))
    }

    @Test("Calls out of order are refused")
    func refusesMisuse() throws {
        let dir = try TempDir()
        let writer = try PackArchiveWriter(path: dir.path("pack.tar"))
        #expect(throws: PackArchiveError.self) { try writer.finishEntry() }
        #expect(throws: PackArchiveError.self) { try Array("x".utf8).withUnsafeBytes { try writer.write($0) } }
        try writer.beginEntry(name: "a.flac", size: 0)
        let nested = try #require(throws: PackArchiveError.self) { try writer.beginEntry(name: "b.flac", size: 0) }
        #expect(nested.message.contains("was not finished"))
        #expect(throws: PackArchiveError.self) { try writer.close() }
        #expect(throws: PackArchiveError.self) { try writer.beginEntry(name: "c.flac", size: -1) }
        try writer.finishEntry()
        try writer.close()
        #expect(throws: PackArchiveError.self) { try writer.close() }
        #expect(throws: PackArchiveError.self) { try PackArchiveWriter(path: dir.path("x.tar"), mtime: -1) }
    }

    @Test("An unwritable destination gives an error naming the file")
    func reportsUnwritableDestination() throws {
        let dir = try TempDir()
        let path = dir.path("missing-folder/pack.tar")
        let error = try #require(throws: PackArchiveError.self) { try PackArchiveWriter(path: path) }
        #expect(error.archive == path)
        #expect(error.description.contains(path))
        #expect(error.message.contains("check that the folder exists"))
    }

    @Test("Reading a missing file gives an error naming it")
    func reportsMissingArchive() throws {
        let dir = try TempDir()
        let path = dir.path("nope.tar")
        let error = try #require(throws: PackArchiveError.self) { try PackArchiveReader(path: path) }
        #expect(error.description.contains(path))
    }

    @Test("An abandoned writer closes its file and leaves no end-of-archive marker")
    func abandonedWriterReleasesFile() throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        do {
            let writer = try PackArchiveWriter(path: path)
            try writer.beginEntry(name: "a.flac", size: 100)
            try Array("abc".utf8).withUnsafeBytes { try writer.write($0) }
            #expect(hasOpenDescriptor(to: path))
        }
        #expect(!hasOpenDescriptor(to: path))
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size < 1024 + 512, "an end-of-archive marker was written: \(size) bytes")
    }

    @Test("Readers release their file on close and on deinit")
    func readerReleasesFile() throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive([TestEntry(name: "a.flac", bytes: [1, 2, 3])], to: path)
        do {
            let reader = try PackArchiveReader(path: path)
            _ = try reader.nextEntry()
            #expect(hasOpenDescriptor(to: path))
        }
        #expect(!hasOpenDescriptor(to: path))
        let reader = try PackArchiveReader(path: path)
        reader.close()
        #expect(!hasOpenDescriptor(to: path))
        #expect(throws: PackArchiveError.self) { try reader.nextEntry() }
    }

    @Test("A 160 MiB entry streams through writer and extractor without being held in memory")
    func streamsLargeEntries() throws {
        let dir = try TempDir()
        let path = dir.path("big.tar")
        let size = 160 << 20
        let before = peakResidentBytes()
        let writer = try PackArchiveWriter(path: path)
        try writer.beginEntry(name: "big.wav", size: Int64(size))
        var block = [UInt8](repeating: 0, count: 1 << 20)
        for index in 0..<(size >> 20) {
            block[0] = UInt8(truncatingIfNeeded: index)
            try block.withUnsafeBytes { try writer.write($0) }
        }
        try writer.finishEntry()
        try writer.close()
        var total = 0
        try PackArchiveExtractor.extract(
            archiveAt: path, expected: ["big.wav": Int64(size)], open: { _ in },
            chunk: { total += $0.count },
            close: { _ in })
        #expect(total == size)
        let growth = peakResidentBytes() - before
        #expect(growth < 64 << 20, "peak memory grew by \(growth >> 20) MiB")
    }
}

/// The process's peak resident set size (VmHWM), in bytes.
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kib * 1024
}
