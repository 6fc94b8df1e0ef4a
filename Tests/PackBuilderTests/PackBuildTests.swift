import CatalogModel
import Foundation
import PackArchive
import PackBuilder
import TestSupport
import Testing

struct PackBuildTests {
    let tmp: TemporaryDirectory
    let packPath: String
    init() throws {
        tmp = try TemporaryDirectory()
        packPath = try DemoCatalog.copyPack("dungeon-delve", into: tmp)
    }

    func build(out: String = "dist") throws -> (PackBuildResult, Manifest) {
        let result = try PackBuilder.build(packAt: packPath, outputDirectory: tmp.path(out))
        let manifest = try CatalogJSON.decode(
            Manifest.self, from: try Data(contentsOf: URL(fileURLWithPath: result.manifest)), file: "m")
        return (result, manifest)
    }

    @Test func manifestHasTheBriefsKeysAndTrueHashes() throws {
        let (result, manifest) = try build()
        let folder = URL(fileURLWithPath: result.manifest).deletingLastPathComponent()
        let raw =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: result.manifest)))
            as! [String: Any]
        for key in ["packId", "version", "totalBytes", "assets"] { #expect(raw[key] != nil, "manifest key \(key)") }
        let firstAsset = (raw["assets"] as! [[String: Any]])[0]
        for key in [
            "assetId", "itemId", "url", "sha256", "bytes", "codec", "sampleRate", "channels", "loopable", "tags",
        ] {
            #expect(firstAsset[key] != nil, "asset key \(key)")
        }
        let (pack, _) = PackSource.load(path: packPath)
        #expect(manifest.assets.count == pack!.items.count)
        var sum: Int64 = 0
        for asset in manifest.assets {
            let file = folder.appendingPathComponent(asset.url).path
            let (sha, bytes) = try SHA256Digest.file(atPath: file)
            #expect(sha == asset.sha256)
            #expect(bytes == asset.bytes)
            #expect(asset.url == "assets/\(asset.assetId).\(asset.url.split(separator: ".").last!)")
            sum += bytes
        }
        #expect(manifest.totalBytes == sum)
        let archive = try SHA256Digest.file(atPath: result.archive)
        #expect(manifest.archive?.sha256 == archive.sha256)
        #expect(manifest.archive?.bytes == archive.bytes)
        #expect(manifest.kind == .sfx)
        #expect(Set(manifest.assets.map(\.codec)).count >= 4, "the demo pack mixes formats")
    }

    @Test func assetTagsArePackTagsUnionItemTags() throws {
        let (_, manifest) = try build()
        let (pack, _) = PackSource.load(path: packPath)
        for (item, asset) in zip(pack!.items, manifest.assets) {
            #expect(asset.itemId == item.id)
            #expect(asset.tags?.locations.first == "Underdark", "pack-level location on every asset")
            #expect(asset.tags == pack!.tags.union(item.tags))
        }
    }

    @Test func archiveHoldsExactlyTheAssetsSortedWithFixedMetadata() throws {
        let (result, manifest) = try build()
        let reader = try PackArchiveReader(path: result.archive)
        var names: [String] = []
        while let entry = try reader.nextEntry() {
            #expect(entry.type == .regular)
            names.append(entry.name ?? "")
        }
        #expect(names == manifest.assets.map(\.fileName).sorted())
    }

    @Test func rebuildingIsByteIdentical() throws {
        let (a, _) = try build(out: "one")
        let (b, _) = try build(out: "two")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: a.manifest)) == Data(contentsOf: URL(fileURLWithPath: b.manifest))
        )
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: a.archive)) == Data(contentsOf: URL(fileURLWithPath: b.archive)))
    }

    @Test func samePublishedVersionIsLeftAloneAndAChangedOneRefused() throws {
        let (first, _) = try build()
        let before = try FileManager.default.attributesOfItem(atPath: first.archive)[.modificationDate] as? Date
        let (again, _) = try build()
        #expect(again.written == false)
        #expect(try FileManager.default.attributesOfItem(atPath: first.archive)[.modificationDate] as? Date == before)
        try DemoCatalog.edit(packPath, replacing: "loopable: true", with: "loopable: false")
        #expect {
            try PackBuilder.build(packAt: packPath, outputDirectory: tmp.path("dist"))
        } throws: { error in
            "\(error)".contains("already published with different content; raise `version`")
        }
        try expectNoStagingLeft()
    }

    func expectNoStagingLeft() throws {
        let packs = tmp.path("dist/packs")
        guard let ids = try? FileManager.default.contentsOfDirectory(atPath: packs) else { return }
        for id in ids {
            let entries = try FileManager.default.contentsOfDirectory(atPath: "\(packs)/\(id)")
            #expect(entries.allSatisfy { !$0.hasPrefix(".") }, "staging folders left: \(entries)")
        }
    }
}
