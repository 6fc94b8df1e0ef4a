import Foundation
import PackArchive
import TestSupport
import Testing

/// A hostile or broken archive and how the extractor must refuse it.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var label: String
    var spec: HostileTar.Spec
    var expected: [String: Int64] = PolicyTests.manifest
    /// The entry the error must name (`nil`: the archive as a whole).
    var entry: String?
    /// Text the error message must contain.
    var reason: String
    /// The entries the caller may have been given before the refusal.
    var opened: [String] = []

    var testDescription: String { label }

    static let a = HostileTar.Entry(name: "a.flac", data: "hello")
    static let b = HostileTar.Entry(name: "b.ogg", data: "abc")

    static func entries(_ list: [HostileTar.Entry]) -> HostileTar.Spec {
        HostileTar.Spec(entries: list)
    }

    static let all: [HostileCase] = [
        HostileCase(
            label: "parent path", spec: entries([a, .init(name: "../x", data: "evil"), b]),
            entry: "../x", reason: "not a flat file name", opened: ["a.flac"]),
        HostileCase(
            label: "absolute path", spec: entries([.init(name: "/abs/path", data: "evil"), a, b]),
            entry: "/abs/path", reason: "not a flat file name"),
        HostileCase(
            label: "climbing path", spec: entries([.init(name: "sub/../../evil", data: "evil"), a, b]),
            entry: "sub/../../evil", reason: "not a flat file name"),
        HostileCase(
            label: "directory entry", spec: entries([a, .init(name: "dir", kind: .dir), b]),
            entry: "dir/", reason: "not a flat file name", opened: ["a.flac"]),
        HostileCase(
            label: "directory under an expected name",
            spec: entries([.init(name: "a.flac", size: 0, typeflag: "5"), b]),
            entry: "a.flac", reason: "is a directory"),
        HostileCase(
            label: "symlink", spec: entries([.init(name: "a.flac", kind: .symlink, target: "/etc/passwd"), b]),
            entry: "a.flac", reason: "symbolic link to \"/etc/passwd\""),
        HostileCase(
            label: "hard link", spec: entries([a, .init(name: "b.ogg", kind: .hardlink, target: "a.flac")]),
            entry: "b.ogg", reason: "hard link to \"a.flac\"", opened: ["a.flac"]),
        HostileCase(
            label: "FIFO", spec: entries([.init(name: "a.flac", size: 0, typeflag: "6"), b]),
            entry: "a.flac", reason: "special file"),
        HostileCase(
            label: "unknown name", spec: entries([a, .init(name: "c.wav", data: "xyz"), b]),
            entry: "c.wav", reason: "not listed in the manifest", opened: ["a.flac"]),
        HostileCase(
            label: "duplicate name", spec: entries([a, b, a]),
            entry: "a.flac", reason: "more than once", opened: ["a.flac", "b.ogg"]),
        HostileCase(
            label: "larger than declared", spec: entries([.init(name: "a.flac", data: "hello world"), b]),
            entry: "a.flac", reason: "declares 11 bytes but the manifest declares 5"),
        HostileCase(
            label: "smaller than declared", spec: entries([.init(name: "a.flac", data: "hel"), b]),
            entry: "a.flac", reason: "declares 3 bytes but the manifest declares 5"),
        HostileCase(
            label: "missing entry", spec: entries([a]),
            entry: "b.ogg", reason: "missing from the archive", opened: ["a.flac"]),
        HostileCase(
            label: "1 GiB header on a tiny body",
            spec: entries([a, .init(name: "big.flac", data: "tiny", size: 1 << 30, truncate: true)]),
            expected: ["a.flac": 5, "big.flac": 1 << 30],
            entry: "big.flac", reason: "cannot be read", opened: ["a.flac", "big.flac"]),
        HostileCase(
            label: "1 GiB header against a small manifest size",
            spec: entries([.init(name: "a.flac", data: "tiny", size: 1 << 30, truncate: true)]),
            entry: "a.flac", reason: "declares 1073741824 bytes"),
        HostileCase(
            label: "name not UTF-8",
            spec: entries([.init(nameHex: "ff2e666c6163", data: "hello", format: .ustar), b]),
            entry: "#1 (no readable name)", reason: "not UTF-8"),
        HostileCase(
            label: "garbage after the first entry",
            spec: HostileTar.Spec(entries: [a], trailer: String(repeating: "<p>garbage</p>\n", count: 64)),
            entry: "#2 (no readable name)", reason: "header cannot be read", opened: ["a.flac"]),
        HostileCase(
            label: "HTML page",
            spec: HostileTar.Spec(
                raw: "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>\n"),
            entry: nil, reason: "cannot be"),
        HostileCase(
            label: "empty file", spec: HostileTar.Spec(raw: ""),
            entry: nil, reason: "cannot be"),
        HostileCase(
            label: "100,000 tiny entries", spec: HostileTar.Spec(tiny: 100_000),
            entry: "tiny-000000.bin", reason: "not listed in the manifest"),
    ]
}

@Suite("Extraction policy", .serialized, .startsProcesses)
struct PolicyTests {
    static let manifest: [String: Int64] = ["a.flac": 5, "b.ogg": 3]

    @Test("A well-formed pack built by Python's tarfile is accepted", arguments: [nil, 7] as [Int?])
    func acceptsHonestArchive(streamBlock: Int?) throws {
        let dir = try TempDir()
        let path = dir.path("ok.tar")
        try HostileTar.build(HostileCase.entries([HostileCase.b, HostileCase.a]), at: path)
        let log = ExtractLog()
        try extract(path, expected: Self.manifest, streamBlock: streamBlock, log: log)
        #expect(log.opened == ["b.ogg", "a.flac"])
        #expect(log.closed == ["b.ogg", "a.flac"])
        #expect(log.files == ["a.flac": Array("hello".utf8), "b.ogg": Array("abc".utf8)])
    }

    @Test(
        "Hostile archives are refused with an error naming the entry",
        arguments: HostileCase.all, [nil, 7] as [Int?])
    func refusesHostileArchive(_ hostile: HostileCase, streamBlock: Int?) throws {
        let dir = try TempDir()
        let path = dir.path("hostile.tar")
        try HostileTar.build(hostile.spec, at: path)
        let log = ExtractLog()
        let error = try #require(throws: PackArchiveError.self) {
            try extract(path, expected: hostile.expected, streamBlock: streamBlock, log: log)
        }
        #expect(error.archive == path)
        #expect(error.entry == hostile.entry)
        #expect(error.message.contains(hostile.reason), "\(error)")
        #expect(error.description.contains(path))
        if let entry = hostile.entry {
            #expect(error.description.contains(entry.debugDescription), "\(error)")
        }
        #expect(error.description.contains("discard it and download it again"))
        #expect(log.opened == hostile.opened)
        #expect(log.closed.count <= log.opened.count)
        if let entry = hostile.entry, !hostile.opened.contains(entry) {
            #expect(log.files[entry] == nil, "bytes of a refused entry reached the caller")
        }
    }

    @Test("Packs written by GNU tar are accepted", arguments: ["gnu", "pax", "ustar", "v7"])
    func acceptsGnuTarFormats(format: String) throws {
        let dir = try TempDir()
        let files = dir.url.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Data("hello".utf8).write(to: files.appendingPathComponent("a.flac"))
        try Data("abc".utf8).write(to: files.appendingPathComponent("b.ogg"))
        let path = dir.path("gnu.tar")
        let result = try runProgram("tar", ["--format=\(format)", "-cf", path, "-C", files.path, "a.flac", "b.ogg"])
        #expect(result.status == 0, "\(result.stderr)")
        let log = ExtractLog()
        try extract(path, expected: Self.manifest, log: log)
        #expect(log.files == ["a.flac": Array("hello".utf8), "b.ogg": Array("abc".utf8)])
    }

    @Test("A manifest with an unsafe name is refused before reading")
    func refusesUnsafeManifest() throws {
        let dir = try TempDir()
        let path = dir.path("ok.tar")
        try HostileTar.build(HostileCase.entries([HostileCase.a]), at: path)
        let error = try #require(throws: PackArchiveError.self) {
            try extract(path, expected: ["../x": 5], log: ExtractLog())
        }
        #expect(error.entry == "../x")
        #expect(error.message.contains("fix the manifest"))
    }

    @Test("Entry names are escaped in error descriptions")
    func escapesControlCharacters() throws {
        let dir = try TempDir()
        let path = dir.path("escape.tar")
        let name = "a\u{1B}[31m\nred.flac"
        try HostileTar.build(HostileCase.entries([.init(name: name, data: "x")]), at: path)
        let error = try #require(throws: PackArchiveError.self) {
            try extract(path, expected: Self.manifest, log: ExtractLog())
        }
        #expect(error.entry == name)
        #expect(!error.description.contains("\u{1B}"))
        #expect(!error.description.contains("\n"))
        #expect(error.description.contains(#"\u{1B}[31m\nred.flac"#))
    }

    @Test("Errors thrown by the callbacks are rethrown unchanged")
    func rethrowsCallbackErrors() throws {
        struct DiskFull: Error {}
        let dir = try TempDir()
        let path = dir.path("ok.tar")
        try HostileTar.build(HostileCase.entries([HostileCase.a, HostileCase.b]), at: path)
        #expect(throws: DiskFull.self) {
            try PackArchiveExtractor.extract(
                archiveAt: path, expected: Self.manifest,
                open: { _ in }, chunk: { _ in throw DiskFull() }, close: { _ in })
        }
    }
}
