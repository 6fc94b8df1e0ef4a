import CatalogModel
import CatalogPublisher
import Foundation
import Gzip
import TestSupport
import Testing

/// `catalog publish` of schema 2 on a copy of the demo catalog: a small catalog.json, content-
/// addressed files, unchanged shards kept, one delta per publish, the window of versions.
struct ShardedPublishTests {
    let tmp: TemporaryDirectory
    let source: String
    var output: String { tmp.path("dist") }

    init() throws {
        tmp = try TemporaryDirectory()
        source = try DemoCatalog.copyCatalog(into: tmp)
    }

    @discardableResult
    func publish(keep: Int = 10, renew: Bool = false) throws -> PublishResult {
        var options = PublishOptions(output: output, source: source)
        options.keepVersions = keep
        options.renew = renew
        return try CatalogPublisher.publish(options)
    }

    func document() throws -> (ShardedCatalogDocument, Data) {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(output)/catalog.json"))
        return (try CatalogJSON.decode(ShardedCatalogDocument.self, from: data, file: "catalog.json"), data)
    }

    func unpacked(_ reference: FileReference) throws -> Data {
        let packed = try Data(contentsOf: URL(fileURLWithPath: "\(output)/\(reference.url)"))
        #expect(SHA256Digest.hex(of: packed) == reference.sha256 && Int64(packed.count) == reference.bytes)
        return try Gzip.decompress(packed, limit: 1 << 26)
    }

    /// Every file under the output folder, relative.
    func files() throws -> Set<String> {
        let root = URL(fileURLWithPath: output)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found = Set<String>()
        while let url = walker?.nextObject() as? URL {
            if !url.hasDirectoryPath { found.insert(String(url.path.dropFirst(root.path.count + 1))) }
        }
        return found
    }

    func retitle(_ old: String, _ new: String) throws {
        let file = URL(fileURLWithPath: "\(source)/packs/dungeon-delve/pack.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func catalogJSONIsSmallAndEveryFileIsReachedByItsHash() async throws {
        try publish()
        let (document, bytes) = try document()
        #expect(document.schemaVersion == 2 && document.catalogVersion == 1)
        #expect(bytes.count <= 4096)
        #expect(document.deltas.isEmpty)
        #expect(document.index.url == "index/\(document.index.sha256).json.gz")
        let index = try CatalogJSON.decode(CatalogIndex.self, from: try unpacked(document.index), file: "index")
        var packs: [ShardPack] = []
        for shard in index.packShards {
            #expect(shard.url == "shards/\(shard.sha256).jsonl.gz")
            let lines = try unpacked(shard.file).split(separator: 0x0A)
            #expect(lines.count == shard.entries)
            packs += try lines.map { try CatalogJSON.decode(ShardPack.self, from: Data($0), file: shard.url) }
        }
        #expect(
            Set(packs.map(\.pack.slug)) == [
                "dungeon-delve", "forest-ambience", "table-beds", "tavern-life", "warband-foley",
            ])
        for pack in packs {
            let (sha, size) = try SHA256Digest.file(atPath: "\(output)/\(pack.manifest.url)")
            #expect(sha == pack.manifest.sha256 && size == pack.manifest.bytes)
        }
        let folder = output
        let report = await CatalogVerifier.verify(
            fetch: { try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0)")) }, trustedKey: nil)
        #expect(report.problems.isEmpty, "\(report.problems)")
    }

    @Test func aOneTitleChangeWritesOneShardTheIndexAndADelta() throws {
        try publish()
        let before = try files()
        #expect(try publish().changed == false)
        #expect(try files() == before, "an unchanged publish writes nothing")
        try retitle("Creaking Door", "Creaking Oak Door")
        let result = try publish()
        #expect(result.changed && result.catalogVersion == 2)
        let added = try files().subtracting(before)
        #expect(added.filter { $0.hasPrefix("shards/") }.count == 1)
        #expect(added.filter { $0.hasPrefix("index/") }.count == 1)
        #expect(added.filter { $0.hasPrefix("deltas/") }.count == 1)
        #expect(added.contains("versions/2.json"))
        let (document, _) = try document()
        let delta = try CatalogDelta.parse(try unpacked(try #require(document.deltas.first).file), file: "delta")
        #expect(delta.header.from == 1 && delta.header.to == 2)
        #expect(delta.items.map(\.item.title) == ["Creaking Oak Door"])
        #expect(delta.packs.isEmpty, "the pack's own fields and its items' order did not change")
        #expect(delta.removed.isEmpty && delta.music.isEmpty)
    }

    @Test func catalogJSONKeepsTheDeltasOfTheWindowOnly() throws {
        try publish(keep: 3)
        for _ in 2...6 { try publish(keep: 3, renew: true) }
        let (document, bytes) = try document()
        #expect(document.catalogVersion == 6)
        #expect(document.deltas.map(\.from) == [3, 4, 5])
        #expect(document.deltaChain(from: 3)?.count == 3 && document.deltaChain(from: 2) == nil)
        #expect(bytes.count <= 4096)
    }

    @Test func schemaOneIsStillWrittenOnRequest() throws {
        var options = PublishOptions(output: output, source: source)
        options.schemaVersion = 1
        let result = try CatalogPublisher.publish(options)
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(output)/catalog.json"))
        let document = try CatalogJSON.decode(CatalogDocument.self, from: data, file: "catalog.json")
        #expect(document.schemaVersion == 1 && document.packs.count == 5)
        #expect(result.seed.hasSuffix("seeds/\(document.seed.sha256).json"))
    }
}

/// `catalog prune`: only what no version in the window refers to goes, and the catalog stays whole.
struct CatalogPruneTests {
    @Test func pruneRemovesOnlyWhatNoVersionInTheWindowRefersTo() async throws {
        let published = try ShardedPublishTests()
        try published.publish()
        try published.retitle("Creaking Door", "Creaking Oak Door")
        let pack = URL(fileURLWithPath: "\(published.source)/packs/dungeon-delve/pack.yaml")
        let text = try String(contentsOf: pack, encoding: .utf8)
        try text.replacingOccurrences(of: "\nversion: 1 ", with: "\nversion: 2 ").write(
            to: pack, atomically: true, encoding: .utf8)
        try published.publish()
        try published.retitle("Portcullis", "Heavy Portcullis")
        try published.publish()
        let before = try published.files()
        let id = try #require(
            try PublishedEntries.packs(in: published.output).first { $0["slug"] as? String == "dungeon-delve" }?["id"]
                as? String)
        let dry = try CatalogPruner.prune(output: published.output, keepVersions: 1, dryRun: true)
        #expect(try published.files() == before, "a dry run removes nothing")
        #expect(dry.keptVersions == [3])
        #expect(dry.removed.contains("packs/\(id)/1"))
        #expect(dry.removed.contains("versions/1.json") && dry.removed.contains("versions/2.json"))
        #expect(!dry.removed.contains("versions/3.json"))
        let result = try CatalogPruner.prune(output: published.output, keepVersions: 1, dryRun: false)
        #expect(result.removed == dry.removed && result.bytes > 0)
        #expect(!FileManager.default.fileExists(atPath: "\(published.output)/packs/\(id)/1"))
        #expect(FileManager.default.fileExists(atPath: "\(published.output)/packs/\(id)/2/manifest.json"))
        let folder = published.output
        let report = await CatalogVerifier.verify(
            fetch: { try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0)")) }, trustedKey: nil)
        #expect(report.problems.isEmpty, "\(report.problems)")
        let (document, _) = try published.document()
        for delta in document.deltas {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(delta.url)"), "catalog.json's deltas stay")
        }
        #expect(try CatalogPruner.prune(output: folder, keepVersions: 1, dryRun: false).removed.isEmpty)
    }
}
