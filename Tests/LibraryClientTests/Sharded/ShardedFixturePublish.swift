import CatalogModel
import Crypto
import Foundation

@testable import CatalogPublisher

// A schema-2 catalog published straight from a seed, with a fixture's title and dates: the
// tests' way to make catalogs without building packs (`catalog publish` builds them first).
extension CatalogPublisher {
    /// Publishes `seed` as a schema-2 catalog into `output` over the catalog already there (its
    /// deltas continue): shards, index, delta and catalog.json, signed with `signKey`. Packs get the
    /// references in `packs`, or placeholders (the seed's manifest URL, an all-zero hash). For
    /// benchmarks and tests that make catalogs without building packs.
    @discardableResult
    static func publishSharded(
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
        let previous = try PreviousCatalog.load(from: output)
        let spool = try ShardedPublish.spool(
            seed, references: Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }),
            previous: previous?.sharded?.index)
        let version = ShardedPublish.Version(
            catalogVersion: seed.catalogVersion, vocabularies: seed.vocabularies, loudness: seed.loudness,
            title: title, generatedAt: generatedAt, expires: expires, baseURL: nil)
        let writer = PublishWriter(output: output, signKey: signKey)
        let written = try ShardedPublish(writer: writer, keepVersions: keepVersions).write(
            spool, version, previous: previous?.shardedPrevious)
        _ = try writer.ensureSignature(for: written.documentBytes)
        try writer.writeCatalog(written.documentBytes)
        return written.documentBytes
    }
}
