import CatalogModel
import Crypto
import Foundation
import SyntheticData

/// A catalog source of generated sfx packs whose audio files are WAVs of pseudo-random samples,
/// each decided by a content number: two packs listing the same number hold byte-identical files
/// (the same rain loop in two packs), a new number in a later version is a changed asset.
/// Published with the real `catalog publish`.
///
/// ```swift
/// let catalog = try GeneratedCatalog(in: tmp)
/// try catalog.write([.init(slug: "caves", contents: Array(1...8)), .init(slug: "mines", contents: [1, 2, 3, 40])])
/// try catalog.publish()
/// ```
public struct GeneratedCatalog: Sendable {
    public struct Pack: Sendable {
        public var slug: String
        public var version: Int
        /// One item per entry, in order; the item at index i keeps its id across versions.
        public var contents: [Int]
        /// Sample bytes per file (the WAV adds its 44-byte header).
        public var bytesPerFile: Int

        public init(slug: String, version: Int = 1, contents: [Int], bytesPerFile: Int = 32_768) {
            self.slug = slug
            self.version = version
            self.contents = contents
            self.bytesPerFile = bytesPerFile
        }

        /// The pack's id (stable, derived from the slug).
        public var id: String { GeneratedCatalog.uuid("pack/" + slug) }
    }

    public let source: URL
    public let dist: URL

    public init(in tmp: TemporaryDirectory) throws {
        source = tmp.url.appendingPathComponent("generated-source")
        dist = tmp.url.appendingPathComponent("dist")
        try FileManager.default.createDirectory(
            at: source.appendingPathComponent("packs"), withIntermediateDirectories: true)
        try Data("title: Generated Catalog\nvocabularies:\n  locations: [\"Forest\"]\n".utf8)
            .write(to: source.appendingPathComponent("catalog.yaml"))
    }

    /// Writes (or rewrites) each pack's folder: pack.yaml and its WAV files.
    public func write(_ packs: [Pack]) throws {
        let fm = FileManager.default
        for pack in packs {
            let folder = source.appendingPathComponent("packs/\(pack.slug)")
            if fm.fileExists(atPath: folder.path) { try fm.removeItem(at: folder) }
            try fm.createDirectory(at: folder.appendingPathComponent("audio"), withIntermediateDirectories: true)
            var yaml = "id: \(pack.id)\nslug: \(pack.slug)\nkind: sfx\ntitle: \"\(pack.slug)\"\n"
            yaml += "version: \(pack.version)\nitems:\n"
            for (index, content) in pack.contents.enumerated() {
                let name = String(format: "sound-%03d.wav", index)
                try Self.wav(content: content, bytes: pack.bytesPerFile)
                    .write(to: folder.appendingPathComponent("audio/\(name)"))
                yaml += "  - id: \(Self.uuid("item/\(pack.slug)/\(index)"))\n"
                yaml += "    title: \"Sound \(index)\"\n    file: audio/\(name)\n"
            }
            try Data(yaml.utf8).write(to: folder.appendingPathComponent("pack.yaml"))
        }
    }

    /// Runs the built `catalog publish` into ``dist``.
    public func publish() throws {
        let result = try ToolRunner.run("catalog", ["publish", dist.path, "--source", source.path])
        guard result.status == 0 else {
            throw ToolFailureText(description: "catalog publish failed: \(result.stderr)")
        }
    }

    /// The published manifest of one pack version.
    public func manifest(_ pack: Pack) throws -> Manifest {
        let url = dist.appendingPathComponent("packs/\(pack.id)/\(pack.version)/manifest.json")
        return try CatalogJSON.decode(Manifest.self, from: Data(contentsOf: url), file: url.path)
    }

    /// A 16-bit stereo WAV whose samples come from `content` alone.
    public static func wav(content: Int, bytes: Int) -> Data {
        var data = WAVHeader.make(dataBytes: UInt32(bytes))
        var random = SplitMix64(seed: UInt64(content) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var samples = [UInt8](repeating: 0, count: bytes)
        for offset in stride(from: 0, to: bytes, by: 8) {
            withUnsafeBytes(of: random.next()) { word in
                for i in 0..<min(8, bytes - offset) { samples[offset + i] = word[i] }
            }
        }
        data.append(contentsOf: samples)
        return data
    }

    /// A lowercase UUID-shaped id derived from `name`.
    static func uuid(_ name: String) -> String {
        var bytes = Array(SHA256.hash(data: Data(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let parts = [
            hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4),
        ]
        return parts.joined(separator: "-") + "-" + hex.dropFirst(20)
    }
}
