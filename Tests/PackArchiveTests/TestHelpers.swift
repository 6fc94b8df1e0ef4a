import Foundation
import PackArchive
import SyntheticData

/// A fresh temporary folder, removed when the value is released.
final class TempDir {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("packarchive-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

/// A small deterministic random generator (xorshift64*), so failures can be reproduced.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

/// The result of running a program.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `program` (looked up on PATH) and captures its output through files, so large
/// output cannot block the pipe.
@discardableResult
func runProgram(
    _ program: String, _ arguments: [String], environment: [String: String]? = nil,
    in directory: URL? = nil
) throws -> ProcessResult {
    let scratch = try TempDir()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    if let environment {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory {
        process.currentDirectoryURL = directory
    }
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: try String(contentsOf: outURL, encoding: .utf8),
        stderr: try String(contentsOf: errURL, encoding: .utf8))
}

/// One file to put into a test archive.
struct TestEntry {
    var name: String
    var bytes: [UInt8]
}

/// Writes `entries` with ``PackArchiveWriter``, feeding each entry in chunks of `chunk` bytes.
func writeArchive(_ entries: [TestEntry], to path: String, mtime: Int64 = 0, chunk: Int = 65_536) throws {
    let writer = try PackArchiveWriter(path: path, mtime: mtime)
    try writeEntries(entries, with: writer, chunk: chunk)
    try writer.close()
}

/// Adds `entries` to `writer` in chunks of `chunk` bytes (without closing it).
func writeEntries(_ entries: [TestEntry], with writer: PackArchiveWriter, chunk: Int) throws {
    for entry in entries {
        try writer.beginEntry(name: entry.name, size: Int64(entry.bytes.count))
        var offset = 0
        while offset < entry.bytes.count {
            let end = min(offset + chunk, entry.bytes.count)
            try entry.bytes[offset..<end].withUnsafeBytes { try writer.write($0) }
            offset = end
        }
        try writer.finishEntry()
    }
}

/// Reads every entry of an archive (libarchive's ``PackArchiveReader`` or the pure-Swift
/// ``TarReader``) into memory (tests only).
func readAll(_ reader: some PackArchiveEntrySource) throws -> [(PackArchiveEntry, [UInt8])] {
    var result: [(PackArchiveEntry, [UInt8])] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while let entry = try reader.nextEntry() {
        var bytes: [UInt8] = []
        while true {
            let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if n == 0 { break }
            bytes += buffer[..<n]
        }
        result.append((entry, bytes))
    }
    return result
}

/// A byte source that serves a file in blocks of `blockSize` bytes and counts its calls.
final class ChunkedFile {
    let handle: FileHandle
    let blockSize: Int
    private(set) var calls = 0

    init(path: String, blockSize: Int) throws {
        handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        self.blockSize = blockSize
    }

    deinit {
        try? handle.close()
    }

    func next() throws -> Data? {
        calls += 1
        let data = try handle.read(upToCount: blockSize) ?? Data()
        return data.isEmpty ? nil : data
    }
}

/// What the extractor handed to the callbacks.
final class ExtractLog {
    var opened: [String] = []
    var closed: [String] = []
    var files: [String: [UInt8]] = [:]
    private var current: String?

    func open(_ name: String) {
        opened.append(name)
        current = name
        files[name] = []
    }

    func chunk(_ bytes: UnsafeRawBufferPointer) {
        if let current { files[current, default: []] += bytes }
    }

    func close(_ name: String) {
        closed.append(name)
        current = nil
    }
}

/// Extracts with the file-based reader, or with the stream reader fed `streamBlock`-byte blocks
/// (both ``TarReader``, as the client installs packs).
func extract(_ path: String, expected: [String: Int64], streamBlock: Int? = nil, log: ExtractLog) throws {
    guard let streamBlock else {
        try PackArchiveExtractor.extract(
            archiveAt: path, expected: expected,
            open: log.open, chunk: log.chunk, close: log.close)
        return
    }
    let source = try ChunkedFile(path: path, blockSize: streamBlock)
    let reader = TarReader(name: path, readBlock: source.next)
    defer { reader.close() }
    try PackArchiveExtractor.extract(
        from: reader, expected: expected,
        open: log.open, chunk: log.chunk, close: log.close)
}

/// Whether this process has a file descriptor open on `path` (Linux `/proc`).
func hasOpenDescriptor(to path: String) -> Bool {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return fds.contains { fd in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == path
    }
}

/// The SHA-256 of a file, computed by coreutils' `sha256sum`.
func sha256(ofFile path: String) throws -> String {
    let result = try runProgram("sha256sum", [path])
    return String(result.stdout.prefix(64))
}
