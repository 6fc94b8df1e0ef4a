import CatalogModel
import Foundation
import PackArchive
import PackBuilder
import SyntheticData
import TestSupport
import Testing

/// Assets larger than a write-behind block (4 MiB) take the direct-I/O path end to end: the
/// copies, the archive and the manifest must still say exactly what the sources hold.
struct LargeAssetBuildTests {
    /// 9 MiB + 123 bytes (two full blocks and a tail), 4 MiB exactly, and a small one.
    static let dataSizes: [UInt32] = [9 << 20 + 123 - 44, 4 << 20 - 44, 5000]

    func makePack(in tmp: TemporaryDirectory) throws -> (yaml: String, sources: [String: Data]) {
        var yaml =
            "id: \(CanonicalID.random())\nslug: large-assets\nkind: sfx\ntitle: Large Assets\nversion: 1\nitems:\n"
        var sources: [String: Data] = [:]
        var random = SplitMix64(seed: 42)
        for (index, size) in Self.dataSizes.enumerated() {
            var file = WAVHeader.make(dataBytes: size)
            file.append(contentsOf: random.bytes(Int(size)))
            let name = "sound-\(index).wav"
            try tmp.write("pack/audio/\(name)", file)
            sources[name] = file
            yaml += "  - id: \(CanonicalID.random())\n    title: \"Sound \(index)\"\n    file: audio/\(name)\n"
        }
        try tmp.write("pack/pack.yaml", yaml)
        return (tmp.path("pack/pack.yaml"), sources)
    }

    @Test func largeAssetsAreCopiedArchivedAndHashedExactly() throws {
        let tmp = try TemporaryDirectory()
        let (yaml, sources) = try makePack(in: tmp)
        let result = try PackBuilder.build(packAt: yaml, outputDirectory: tmp.path("dist"))
        let folder = URL(fileURLWithPath: result.manifest).deletingLastPathComponent()
        let manifest = try CatalogJSON.decode(
            Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: result.manifest)), file: "m")
        #expect(manifest.assets.count == sources.count)

        let sourceBySize = Dictionary(uniqueKeysWithValues: sources.values.map { (Int64($0.count), $0) })
        var archived: [String: Data] = [:]
        let reader = try PackArchiveReader(path: result.archive)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while let entry = try reader.nextEntry() {
            var bytes = Data()
            while true {
                let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if n == 0 { break }
                bytes.append(contentsOf: buffer[..<n])
            }
            archived[entry.name ?? ""] = bytes
        }
        reader.close()

        for asset in manifest.assets {
            let copy = try Data(contentsOf: folder.appendingPathComponent(asset.url))
            let source = try #require(sourceBySize[asset.bytes], "no source of \(asset.bytes) bytes")
            let copyMatches = copy == source
            let archiveMatches = archived[String(asset.url.dropFirst("assets/".count))] == source
            #expect(copyMatches, "\(asset.url) differs from its source")
            #expect(archiveMatches, "the archive's \(asset.url) differs from its source")
            #expect(asset.sha256 == SHA256Digest.hex(of: source))
        }
        let archive = try SHA256Digest.file(atPath: result.archive)
        #expect(manifest.archive?.sha256 == archive.sha256)
        #expect(manifest.archive?.bytes == archive.bytes)
    }

    @Test func largeAssetsBuildByteIdenticalTwice() throws {
        let tmp = try TemporaryDirectory()
        let (yaml, _) = try makePack(in: tmp)
        let first = try PackBuilder.build(packAt: yaml, outputDirectory: tmp.path("one"))
        let second = try PackBuilder.build(packAt: yaml, outputDirectory: tmp.path("two"))
        #expect(try SHA256Digest.file(atPath: first.archive) == SHA256Digest.file(atPath: second.archive))
        #expect(
            FileManager.default.contents(atPath: first.manifest)
                == FileManager.default.contents(atPath: second.manifest))
    }
}
