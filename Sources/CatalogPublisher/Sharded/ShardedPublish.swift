import CatalogModel
import Crypto
import Foundation
import Gzip

/// Writes a schema-2 catalog version: the shards that are new (an unchanged bin is the same file
/// as before), the index, the delta from the previous version, and returns the catalog.json
/// bytes that list the deltas of the last `keepVersions` versions.
struct ShardedPublish {
    let writer: PublishWriter
    let keepVersions: Int

    struct Written {
        var documentBytes: Data
        var index: FileReference
    }

    func write(
        seed: Seed, packs: [CatalogDocument.PackEntry], title: String, generatedAt: String, expires: String?,
        baseURL: String?, previous: PreviousCatalog?
    ) throws -> Written {
        let references = Dictionary(packs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let old = previous?.sharded?.index
        let shards = try ShardSet.make(
            seed, references: references,
            minimumBins: (old?.musicShards.count ?? 1, old?.packShards.count ?? 1))
        let music = try shards.music.map { try writeShard($0, baseURL) }
        let packShards = try shards.packs.map { try writeShard($0, baseURL) }
        let index = CatalogIndex(
            catalogVersion: seed.catalogVersion, vocabularies: seed.vocabularies, loudness: seed.loudness,
            musicShards: music, packShards: packShards)
        let indexRef = try writer.writeOnce(
            try Gzip.compress(try CompactJSON.encode(index)), path: ShardedLayout.indexPath, baseURL: baseURL)

        var deltas: [DeltaReference] = []
        if let previous {
            let fromIndex = previous.sharded?.document.index.sha256 ?? previous.document.seed.sha256
            let header = DeltaHeader(
                from: previous.document.catalogVersion, to: seed.catalogVersion, fromIndex: fromIndex,
                toIndex: indexRef.sha256, vocabularies: seed.vocabularies, loudness: seed.loudness)
            let delta = try DeltaMaker.diff(
                from: .init(
                    seed: previous.seed,
                    references: Dictionary(previous.document.packs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                ),
                to: .init(seed: seed, references: references), header: header)
            let file = try writer.writeOnce(
                try Gzip.compress(try delta.encoded()), path: ShardedLayout.deltaPath, baseURL: baseURL)
            let earlier = previous.sharded?.document.deltas ?? []
            deltas = earlier.filter { $0.to > seed.catalogVersion - keepVersions }
            deltas.append(DeltaReference(from: header.from, to: header.to, file: file))
            if deltas.count > keepVersions { deltas.removeFirst(deltas.count - keepVersions) }
        }
        let document = ShardedCatalogDocument(
            catalogVersion: seed.catalogVersion, generatedAt: generatedAt, title: title, expires: expires,
            index: indexRef, deltas: deltas)
        let bytes = try CatalogJSON.encode(document)
        try writer.writeVersion(bytes, path: ShardedLayout.versionPath(seed.catalogVersion))
        return Written(documentBytes: bytes, index: indexRef)
    }

    private func writeShard(_ shard: ShardSet.Shard, _ baseURL: String?) throws -> ShardReference {
        let file = try writer.writeOnce(shard.bytes, path: ShardedLayout.shardPath, baseURL: baseURL)
        return ShardReference(file: file, entries: shard.entries)
    }
}

extension CatalogPublisher {
    /// Publishes `seed` as a schema-2 catalog into `output` over the catalog already there (its
    /// deltas continue): shards, index, delta and catalog.json, signed with `signKey`. Packs get the
    /// references in `packs`, or placeholders (the seed's manifest URL, an all-zero hash). For
    /// benchmarks and tests that make catalogs without building packs.
    @discardableResult
    package static func publishSharded(
        _ seed: Seed, to output: URL, packs: [CatalogDocument.PackEntry]? = nil, title: String = "Fixture Catalog",
        generatedAt: String = "2026-01-01T00:00:00Z", expires: String? = "2099-01-01T00:00:00Z",
        signKey: Curve25519.Signing.PrivateKey? = nil, keepVersions: Int = 10
    ) throws -> Data {
        let entries =
            packs
            ?? seed.packs.map {
                CatalogDocument.PackEntry(
                    id: $0.id, slug: $0.slug, kind: $0.kind, title: $0.title, version: $0.version,
                    manifest: FileReference(url: $0.manifestURL, sha256: String(repeating: "0", count: 64), bytes: 0),
                    archive: nil)
            }
        let writer = PublishWriter(output: output, signKey: signKey)
        let written = try ShardedPublish(writer: writer, keepVersions: keepVersions).write(
            seed: seed, packs: entries, title: title, generatedAt: generatedAt, expires: expires,
            baseURL: nil, previous: try PreviousCatalog.load(from: output))
        _ = try writer.ensureSignature(for: written.documentBytes)
        try writer.writeCatalog(written.documentBytes)
        return written.documentBytes
    }
}
