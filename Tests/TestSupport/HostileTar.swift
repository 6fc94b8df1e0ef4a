import Foundation

/// Builds tar files with Python's `tarfile` module, independently of libarchive, including
/// shapes no honest writer produces: `..` and absolute names, links, directories, names that are
/// not UTF-8, sizes that lie, truncation, patched type flags, garbage, many tiny entries.
///
/// ```swift
/// try HostileTar.build([.file("../escaped.wav", Data("x".utf8)), .symlink("a.wav", to: "/etc/passwd")],
///                      at: tmp.path("pack.tar"))
/// ```
public enum HostileTar {
    /// What an entry's header says it is.
    public enum Kind: String, Encodable, Sendable {
        case file, dir, symlink, hardlink
    }

    /// The header layout of one entry.
    public enum Format: String, Encodable, Sendable {
        case pax, ustar
    }

    /// One entry of a hostile archive.
    public struct Entry: Encodable, Sendable {
        public var name: String?
        /// The name as hex bytes, for names that are not valid UTF-8.
        public var nameHex: String?
        public var kind: Kind
        /// The body (encoded as base64 for the script).
        public var data: Data
        /// The size written in the header (defaults to the data's length; 0 for non-files).
        public var size: Int64?
        /// A link's target.
        public var target: String?
        /// Stop the archive right after this entry's (unpadded) data.
        public var truncate: Bool
        /// Overwrite the header's type flag with this character (checksum recomputed).
        public var typeflag: String?
        public var format: Format

        public init(
            name: String? = nil, nameHex: String? = nil, kind: Kind = .file, bytes: Data = Data(),
            size: Int64? = nil, target: String? = nil, truncate: Bool = false, typeflag: String? = nil,
            format: Format = .pax
        ) {
            self.name = name
            self.nameHex = nameHex
            self.kind = kind
            self.data = bytes
            self.size = size
            self.target = target
            self.truncate = truncate
            self.typeflag = typeflag
            self.format = format
        }

        /// An entry whose body is `data` as UTF-8.
        public init(
            name: String? = nil, nameHex: String? = nil, data: String, size: Int64? = nil,
            truncate: Bool = false, format: Format = .pax
        ) {
            self.init(
                name: name, nameHex: nameHex, bytes: Data(data.utf8), size: size, truncate: truncate, format: format)
        }

        /// A regular file named `name` holding `bytes`.
        public static func file(_ name: String, _ bytes: Data) -> Entry { Entry(name: name, bytes: bytes) }

        /// A symbolic link named `name` pointing at `target`.
        public static func symlink(_ name: String, to target: String) -> Entry {
            Entry(name: name, kind: .symlink, target: target)
        }
    }

    /// What to build: entries, raw bytes, `junk` one-byte entries named `junk-000000.bin`, …,
    /// or `tiny` empty ustar entries named `tiny-000000.bin`, ….
    public struct Spec: Encodable, Sendable {
        public var entries: [Entry]?
        public var raw: String?
        public var junk: Int?
        public var tiny: Int?
        /// Bytes written after the entries instead of the end-of-archive marker.
        public var trailer: String?

        public init(
            entries: [Entry]? = nil, raw: String? = nil, junk: Int? = nil, tiny: Int? = nil, trailer: String? = nil
        ) {
            self.entries = entries
            self.raw = raw
            self.junk = junk
            self.tiny = tiny
            self.trailer = trailer
        }
    }

    /// Writes the archive of `entries` (ended by the usual two zero blocks) to `path`.
    public static func build(_ entries: [Entry], at path: String) throws {
        try build(Spec(entries: entries), at: path)
    }

    /// Writes the archive described by `spec` to `path` using python3.
    public static func build(_ spec: Spec, at path: String) throws {
        let scratch = try TemporaryDirectory(prefix: "hostile-tar")
        let scriptPath = scratch.path("make_tar.py")
        let specPath = scratch.path("spec.json")
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try JSONEncoder().encode(spec).write(to: URL(fileURLWithPath: specPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath, path, specPath]
        let errors = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try errorHandle.close()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw HostileTarFailure(path: path, stderr: stderr)
        }
    }
}

/// python3 could not build a hostile archive (a failure of the test helper, not of the code under test).
public struct HostileTarFailure: Error, CustomStringConvertible {
    public var path: String
    public var stderr: String
    public var description: String { "python3 failed building \(path): \(stderr)" }
}
