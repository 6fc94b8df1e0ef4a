import Foundation
import PackArchive
import PackTar
import TestSupport
import Testing

/// The pure-Swift ``TarReader`` the client installs packs with reads what libarchive (the
/// packer's writer) and GNU tar write, byte for byte, and refuses truncated archives.
@Suite("Tar reader", .serialized, .startsProcesses)
struct TarReaderTests {
    static let entries: [TestEntry] = {
        var random = SeededRandom(seed: 22)
        let long = String(repeating: "l", count: 140) + ".flac"
        return [0, 1, 511, 512, 513, 70_000].enumerated().map { index, size in
            TestEntry(name: "asset-\(index).flac", bytes: random.bytes(size))
        } + [TestEntry(name: long, bytes: random.bytes(900))]
    }()

    @Test(
        "Reads libarchive's archives like libarchive does, from a file and from a stream", arguments: [nil, 1, 7, 4096])
    func readsLibarchiveArchives(blockSize: Int?) throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        try writeArchive(Self.entries, to: path, chunk: 333)
        let reference = try readAll(PackArchiveReader(path: path))
        let read: [(PackArchiveEntry, [UInt8])]
        if let blockSize {
            read = try readAll(TarReader(name: path, readBlock: ChunkedFile(path: path, blockSize: blockSize).next))
        } else {
            read = try readAll(TarReader(path: path))
        }
        #expect(read.map(\.0.name) == Self.entries.map(\.name))
        #expect(read.map(\.0.size) == Self.entries.map { Int64($0.bytes.count) })
        #expect(read.map(\.0.type) == Array(repeating: .regular, count: Self.entries.count))
        #expect(read.map(\.1) == Self.entries.map(\.bytes))
        #expect(read.map(\.0) == reference.map(\.0))
    }

    @Test("Reads GNU tar's pax and ustar archives", arguments: ["pax", "ustar"])
    func readsGNUTar(format: String) throws {
        let dir = try TempDir()
        let files = dir.url.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        // ustar holds names up to 100 bytes without a folder; pax any length.
        let entries = Self.entries.filter { format == "pax" || $0.name.utf8.count <= 100 }
        for entry in entries { try Data(entry.bytes).write(to: files.appendingPathComponent(entry.name)) }
        let path = dir.path("gnu.tar")
        let tar = try runProgram(
            "tar", ["--format=\(format)", "-cf", path, "-C", files.path] + entries.map(\.name))
        #expect(tar.status == 0, "\(tar.stderr)")
        let log = ExtractLog()
        let sizes = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, Int64($0.bytes.count)) })
        try extract(path, expected: sizes, log: log)
        #expect(log.opened == entries.map(\.name))
        for entry in entries { #expect(log.files[entry.name] == entry.bytes, "\(entry.name)") }
        try extract(path, expected: sizes, streamBlock: 7, log: ExtractLog())
    }

    @Test("A pax size record overrides the header, and a path record the name")
    func paxRecordsOverrideTheHeader() throws {
        let body = Array("hello".utf8)
        let pax = TarBytes.paxRecords(["path": "a.flac", "size": "5", "mtime": "1.5"])
        var archive = TarBytes.header(name: "PaxHeaders/x", size: pax.count, typeflag: "x") + TarBytes.padded(pax)
        archive += TarBytes.header(name: "ignored", size: 0, typeflag: "0") + TarBytes.padded(body)
        archive += [UInt8](repeating: 0, count: 1024)
        let read = try readAll(
            TarReader(name: "crafted") {
                defer { archive = [] }
                return archive.isEmpty ? nil : Data(archive)
            })
        #expect(read.map(\.0.name) == ["a.flac"])
        #expect(read.map(\.0.size) == [5])
        #expect(read.map(\.1) == [body])
    }

    @Test("A damaged pax record or checksum is refused")
    func damagedHeadersAreRefused() throws {
        let bad = TarBytes.padded(Array("99 path=a.flac\n".utf8))
        let archives: [[UInt8]] = [
            TarBytes.header(name: "x", size: 15, typeflag: "x") + bad,
            {
                var h = TarBytes.header(name: "a.flac", size: 0, typeflag: "0")
                h[0] ^= 1
                return h
            }(),
        ]
        for bytes in archives {
            let reader = TarReader(name: "crafted") { Data(bytes) }
            #expect(throws: PackArchiveError.self) { _ = try readAll(reader) }
        }
    }

    @Test("Every truncation of an archive is refused, never installed short")
    func truncationsAreRefused() throws {
        let dir = try TempDir()
        let path = dir.path("pack.tar")
        let entries = [Self.entries[2], Self.entries[6], Self.entries[4]]
        try writeArchive(entries, to: path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let sizes = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, Int64($0.bytes.count)) })
        // Every cut up to the end of the last entry's data (what follows is padding and the end marker).
        let dataEnd = 512 * 5 + 1024 + 1024 + 512
        var refused = 0
        for cut in stride(from: 0, to: min(dataEnd, whole.count), by: 37) {
            let cutPath = dir.path("cut.tar")
            try whole.prefix(cut).write(to: URL(fileURLWithPath: cutPath))
            #expect(throws: PackArchiveError.self, "cut at \(cut)") {
                try extract(cutPath, expected: sizes, log: ExtractLog())
            }
            refused += 1
        }
        #expect(refused > 50)
        try extract(path, expected: sizes, log: ExtractLog())
    }

    @Test("A failing byte source is the error's cause")
    func sourceFailureIsTheCause() throws {
        struct Broken: Error {}
        let reader = TarReader(name: "download") { throw Broken() }
        let error = try #require(throws: PackArchiveError.self) { _ = try reader.nextEntry() }
        #expect(error.underlying is Broken)
    }
}

/// Hand-made tar bytes for the cases no writer produces on request.
enum TarBytes {
    static func header(name: String, size: Int, typeflag: Character) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int) { for (i, b) in text.utf8.enumerated() { block[offset + i] = b } }
        put(name, at: 0)
        put("0000644", at: 100)
        put(String(format: "%011o", size), at: 124)
        put(String(format: "%011o", 0), at: 136)
        put(String(typeflag), at: 156)
        put("ustar", at: 257)
        put("00", at: 263)
        put("        ", at: 148)
        let sum = block.reduce(0) { $0 + Int($1) }
        put(String(format: "%06o", sum) + "\0 ", at: 148)
        return block
    }

    static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
    }

    static func paxRecords(_ records: KeyValuePairs<String, String>) -> [UInt8] {
        records.flatMap { key, value -> [UInt8] in
            let body = " \(key)=\(value)\n"
            var length = body.utf8.count + 1
            while "\(length)".utf8.count + body.utf8.count != length { length += 1 }
            return Array("\(length)\(body)".utf8)
        }
    }
}
