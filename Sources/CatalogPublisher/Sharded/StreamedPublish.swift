import CatalogModel
import Foundation

extension CatalogPublisher {
    /// Publishes a schema-2 version whose packs `packs` emits one by one, in bounded memory: the
    /// lines wait in one file per bin under `spool`, and only the previous version's catalog.json
    /// and index are read (its shards only where a bin changed). The benchmarks' million-item
    /// catalogs are published this way. Returns the bytes of the files it added and catalog.json's.
    ///
    /// ```swift
    /// try CatalogPublisher.publishStreamed(into: dist, header: header, items: n, spool: tmp) { emit in
    ///     try synthetic.forEachPack { try emit(ShardPack(pack: $0, manifest: ref($0), archive: nil)) }
    /// }
    /// ```
    @discardableResult
    package static func publishStreamed(
        into output: URL, header: Seed, items: Int, title: String, spool directory: URL, keepVersions: Int = 10,
        generatedAt: String = ISO8601.string(Date()), packs: ((ShardPack) throws -> Void) throws -> Void
    ) throws -> (newBytes: Int64, catalogBytes: Int) {
        let previous = try PreviousCatalog.head(from: output)
        let spool = try ShardSpool(
            packBins: ShardBins.forEntries(
                items, perShard: ShardedLayout.itemsPerShard, minimum: previous?.sharded?.index.packShards.count ?? 1),
            musicBins: ShardBins.forEntries(
                header.music.count, perShard: ShardedLayout.musicPerShard,
                minimum: previous?.sharded?.index.musicShards.count ?? 1),
            directory: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        for entry in header.music { try spool.add(entry) }
        try packs { try spool.add($0) }
        let writer = PublishWriter(output: output, signKey: nil)
        let written = try ShardedPublish(writer: writer, keepVersions: keepVersions).write(
            spool,
            ShardedPublish.Version(
                catalogVersion: header.catalogVersion, vocabularies: header.vocabularies, loudness: header.loudness,
                title: title, generatedAt: generatedAt, expires: nil, baseURL: nil),
            previous: previous)
        try writer.writeCatalog(written.documentBytes)
        return (written.newBytes + Int64(written.documentBytes.count), written.documentBytes.count)
    }
}

extension PreviousCatalog {
    /// The schema-2 catalog in `output` as the next publish compares with it, reading only its
    /// catalog.json and index (all its shards only if bins cannot be compared one by one); nil
    /// when there is none.
    static func head(from output: URL) throws -> ShardedPublish.Previous? {
        let path = output.appendingPathComponent("catalog.json").path
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        return try head(bytes, path: path, output: output)
    }

    /// ``head(from:)`` of the catalog.json bytes already read from `path`.
    static func head(_ bytes: Data, path: String, output: URL) throws -> ShardedPublish.Previous {
        let document = try CatalogJSON.decode(ShardedCatalogDocument.self, from: bytes, file: path)
        let index = try CatalogJSON.decode(
            CatalogIndex.self, from: try read(document.index, output), file: document.index.url)
        return ShardedPublish.Previous(
            version: document.catalogVersion, fromIndex: document.index.sha256, sharded: (document, index),
            whole: {
                let music = try index.musicShards.flatMap { shard in
                    try JSONLines.decode(Seed.MusicEntry.self, from: read(shard.file, output), file: shard.url)
                }
                let packs = try index.packShards.flatMap { shard in
                    try JSONLines.decode(ShardPack.self, from: read(shard.file, output), file: shard.url)
                }
                return (music, packs)
            })
    }
}
