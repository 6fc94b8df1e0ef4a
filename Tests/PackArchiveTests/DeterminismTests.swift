import Foundation
import PackArchive
import TestSupport
import Testing

@Suite("Deterministic output", .serialized, .startsProcesses)
struct DeterminismTests {
    /// Entries as a caller would pass them: sorted by name; one name needs a pax header.
    /// The contents are fixed patterns, so the golden digest below depends on nothing else.
    static let entries: [TestEntry] = {
        func pattern(_ count: Int, _ step: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: $0 &* step &+ 3) }
        }
        let longName = String(repeating: "long-asset-id-", count: 10) + "0001.wav"
        return [
            TestEntry(name: "a.ogg", bytes: []),
            TestEntry(name: "b.flac", bytes: pattern(5000, 7)),
            TestEntry(name: "c d.mp3", bytes: pattern(700, 13)),
            TestEntry(name: longName, bytes: pattern(1234, 251)),
        ]
    }()

    /// SHA-256 of the archive of `entries` with mtime 0, as written by libarchive 3.6.2.
    /// Computed in another process: a pid, a clock or a locale leaking into the bytes breaks it.
    static let goldenSHA256 = "2c5a4122539596120cc1df50f9fcdd8d9b1fd50cc745889075716c66b8461a51"

    /// Copies the entries into files with the given modification time and writes an
    /// archive from those files, streaming each through a small buffer.
    func archiveFromFiles(in dir: TempDir, fileTime: Date, output: String, mtime: Int64 = 0) throws {
        let writer = try PackArchiveWriter(path: output, mtime: mtime)
        for (index, entry) in Self.entries.enumerated() {
            let source = dir.path("source-\(index)")
            try Data(entry.bytes).write(to: URL(fileURLWithPath: source))
            try FileManager.default.setAttributes([.modificationDate: fileTime], ofItemAtPath: source)
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
            defer { try? handle.close() }
            try writer.beginEntry(name: entry.name, size: Int64(entry.bytes.count))
            while let data = try handle.read(upToCount: 999), !data.isEmpty {
                try data.withUnsafeBytes { try writer.write($0) }
            }
            try writer.finishEntry()
        }
        try writer.close()
    }

    @Test("Two writers, a second apart, with different source file times, give identical bytes")
    func identicalBytes() throws {
        let dir = try TempDir()
        let first = dir.path("first.tar")
        let second = dir.path("second.tar")
        try archiveFromFiles(in: dir, fileTime: Date(timeIntervalSince1970: 1_000_000_000), output: first)
        Thread.sleep(forTimeInterval: 1.1)
        try archiveFromFiles(in: dir, fileTime: Date(), output: second)
        let firstBytes = try Data(contentsOf: URL(fileURLWithPath: first))
        let secondBytes = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(firstBytes == secondBytes)
        let digest = try sha256(ofFile: first)
        #expect(digest == Self.goldenSHA256, "got \(digest)")

        // Nothing time- or process-dependent was written.
        let text = String(decoding: firstBytes, as: UTF8.self)
        for marker in ["atime", "ctime", "LIBARCHIVE", "SCHILY", "PaxHeaders.", "GNUSparse", "\(getpid())"] {
            #expect(!text.contains(marker), "found \(marker)")
        }
        // Unpadded: each entry is a 512-byte header plus data rounded up to 512, one pax
        // header (two blocks) for the long name, then the 1024-byte end marker.
        let expectedSize = Self.entries.reduce(1024 + 1024) { $0 + 512 + ($1.bytes.count + 511) / 512 * 512 }
        #expect(firstBytes.count == expectedSize)
    }

    @Test("Header fields: regular file, 0644, uid/gid 0, no user or group name, mtime 0")
    func headerFields() throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive([TestEntry(name: "a.flac", bytes: Array("hello".utf8))], to: path)
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(512))
        func field(_ offset: Int, _ length: Int) -> String {
            String(decoding: header[offset..<offset + length].prefix { $0 != 0 }, as: UTF8.self)
        }
        #expect(field(0, 100) == "a.flac")
        #expect(field(100, 8) == "000644 ")
        #expect(field(108, 8) == "000000 ")
        #expect(field(116, 8) == "000000 ")
        #expect(field(124, 12) == "00000000005 ")
        #expect(field(136, 12) == "00000000000 ")
        #expect(field(156, 1) == "0")
        #expect(field(257, 6) == "ustar")
        #expect(field(265, 32).isEmpty)
        #expect(field(297, 32).isEmpty)
    }

    @Test(
        "GNU tar lists exactly the entries as -rw-r--r-- 0/0 with the given date",
        arguments: [(0 as Int64, "1970-01-01 00:00"), (1_700_000_000, "2023-11-14 22:13")])
    func gnuTarListing(mtime: Int64, date: String) throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try archiveFromFiles(in: dir, fileTime: Date(), output: path, mtime: mtime)
        let result = try runProgram(
            "tar", ["--numeric-owner", "-tvf", path], environment: ["TZ": "UTC", "LC_ALL": "C"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(lines.count == Self.entries.count)
        for (fields, entry) in zip(lines, Self.entries) {
            #expect(fields.count >= 6)
            guard fields.count >= 6 else { continue }
            #expect(fields[0] == "-rw-r--r--")
            #expect(fields[1] == "0/0")
            #expect(fields[2] == "\(entry.bytes.count)")
            #expect("\(fields[3]) \(fields[4])" == date)
            #expect(fields[5...].joined(separator: " ") == entry.name)
        }
    }

    @Test("GNU tar extracts the archive without complaint")
    func gnuTarExtracts() throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive(Self.entries, to: path)
        let out = dir.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let result = try runProgram("tar", ["-xf", path, "-C", out.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == Self.entries.map(\.name).sorted())
        for entry in Self.entries {
            let bytes = try Data(contentsOf: out.appendingPathComponent(entry.name))
            #expect([UInt8](bytes) == entry.bytes, "\(entry.name)")
        }
    }
}
