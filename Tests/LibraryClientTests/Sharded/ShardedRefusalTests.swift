import CatalogFormat
import CatalogPublisher
import Foundation
import Gzip
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// Every file of a schema-2 catalog is pinned by hashes from catalog.json: a tampered, truncated
/// or withheld one is refused with nothing changed, and the next sync over good files succeeds.
@Suite struct ShardedRefusalTests {
    /// A library synced to version 1 of a 600-item catalog, then versions 2 and 3 published with
    /// a window of one delta (so the library must fetch the shards again).
    static func behind() async throws -> (Harness, String) {
        let h = try Harness()
        var seed = SyntheticSeed(items: 600).seed()
        try CatalogPublisher.publishSharded(seed, to: h.fixture.folder, keepVersions: 1)
        try await h.sync()
        for version in 2...3 {
            seed.catalogVersion = version
            seed.packs[version].items[1].title = "Changed in \(version)"
            try CatalogPublisher.publishSharded(seed, to: h.fixture.folder, keepVersions: 1)
        }
        return (h, try await h.dump())
    }

    static func document(_ h: Harness) throws -> ShardedCatalogDocument {
        let data = try Data(contentsOf: h.fixture.folder.appendingPathComponent("catalog.json"))
        return try CatalogJSON.decode(ShardedCatalogDocument.self, from: data, file: "catalog.json")
    }

    static func index(_ h: Harness) throws -> CatalogIndex {
        let reference = try document(h).index
        let packed = try Data(contentsOf: h.fixture.folder.appendingPathComponent(reference.url))
        return try CatalogJSON.decode(
            CatalogIndex.self, from: try Gzip.decompress(packed, limit: 1 << 26), file: reference.url)
    }

    /// Replaces a published file's bytes, keeping its name; returns the original bytes.
    static func replace(_ relative: String, in h: Harness, with bytes: (Data) -> Data) throws -> Data {
        let url = h.fixture.folder.appendingPathComponent(relative)
        let original = try Data(contentsOf: url)
        try bytes(original).write(to: url)
        return original
    }

    @Test func aTamperedShardIsRefusedAndNothingChanges() async throws {
        let (h, before) = try await Self.behind()
        let shard = try Self.index(h).packShards[0].url
        let original = try Self.replace(shard, in: h) { data in
            var data = data
            data[data.count / 2] ^= 1
            return data
        }
        await #expect(throws: LibraryClientError.self) { try await h.sync() }
        #expect(try await h.dump() == before)
        try original.write(to: h.fixture.folder.appendingPathComponent(shard))
        #expect(try await h.sync().transfer == .full)
    }

    @Test func aTruncatedIndexIsRefusedAndNothingChanges() async throws {
        let (h, before) = try await Self.behind()
        let index = try Self.document(h).index.url
        let original = try Self.replace(index, in: h) { $0.prefix($0.count - 10) }
        do {
            try await h.sync()
            Issue.record("a truncated index was accepted")
        } catch LibraryClientError.integrityMismatch(_, let field, _, _) {
            #expect(field == "size")
        }
        #expect(try await h.dump() == before)
        try original.write(to: h.fixture.folder.appendingPathComponent(index))
        #expect(try await h.sync().catalogVersion == 3)
    }

    @Test func aWithheldShardIsRefusedAndTheNextSyncSucceeds() async throws {
        let (h, before) = try await Self.behind()
        let shard = h.fixture.folder.appendingPathComponent(try Self.index(h).musicShards[0].url)
        let kept = h.tmp.url.appendingPathComponent("kept.gz")
        try FileManager.default.moveItem(at: shard, to: kept)
        await #expect(throws: LibraryClientError.self) { try await h.sync() }
        #expect(try await h.dump() == before)
        try FileManager.default.moveItem(at: kept, to: shard)
        #expect(try await h.sync().catalogVersion == 3)
    }

    /// A delta that fails its hash (or is withheld) is no reason to stop: the client fetches the
    /// shards instead, and ends where a fresh sync ends.
    @Test func aDamagedDeltaFallsBackToTheShards() async throws {
        let h = try Harness()
        var seed = SyntheticSeed(items: 600).seed()
        try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
        try await h.sync()
        seed.catalogVersion = 2
        seed.packs[2].items[4].title = "Changed in 2"
        try CatalogPublisher.publishSharded(seed, to: h.fixture.folder)
        let delta = try #require(try Self.document(h).deltas.last).url
        _ = try Self.replace(delta, in: h) { Data($0.reversed()) }
        let result = try await h.sync()
        #expect(result.transfer == .full && result.updated == 1)
        #expect(try await IncrementalSyncTests.shown(h) == (try await IncrementalSyncTests.fresh(h.fixture.folder)))
    }

    /// A cache serving an older catalog.json after a newer one was imported: refused as a
    /// rollback, as for schema 1, with nothing changed.
    @Test func aStaleCatalogIsRefusedAsARollback() async throws {
        let (h, _) = try await Self.behind()
        try await h.sync()
        let before = try await h.dump()
        let old = try Data(contentsOf: h.fixture.folder.appendingPathComponent("versions/2.json"))
        try old.write(to: h.fixture.folder.appendingPathComponent("catalog.json"))
        do {
            try await h.sync()
            Issue.record("an older catalog was accepted")
        } catch LibraryClientError.rollback(_, let offered, let imported) {
            #expect(offered == 2 && imported == 3)
        }
        #expect(try await h.dump() == before)
    }
}
