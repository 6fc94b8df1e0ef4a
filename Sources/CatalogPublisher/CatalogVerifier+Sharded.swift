import CatalogModel
import Crypto
import Foundation
import Gzip

extension CatalogVerifier {
    /// A schema-2 catalog: the signature and expiry as for schema 1, then the index, every shard
    /// and every delta against their hashes and sizes, the entries read back into a seed and
    /// checked with the pack files as for schema 1.
    static func verifySharded(
        _ bytes: Data, fetch: @Sendable (String) async throws -> Data, trustedKey: Curve25519.Signing.PublicKey?,
        now: Date, _ start: Report
    ) async -> Report {
        var report = start
        let document: ShardedCatalogDocument
        do { document = try CatalogJSON.decode(ShardedCatalogDocument.self, from: bytes, file: "catalog.json") } catch {
            report.problems.append(error.description)
            return report
        }
        report.catalogVersion = document.catalogVersion
        if bytes.count > 4096 {
            report.warnings.append(
                "catalog.json is \(bytes.count) bytes; clients fetch it on every sync (keep it under 4 KB)")
        }
        await checkSignature(bytes, trustedKey: trustedKey, fetch, &report)
        guard let plainIndex = await unpacked(document.index, "$.index", fetch, &report) else { return report }
        let index: CatalogIndex
        do { index = try CatalogJSON.decode(CatalogIndex.self, from: plainIndex, file: document.index.url) } catch {
            report.problems.append(error.description)
            return report
        }
        var music: [Seed.MusicEntry] = []
        var packs: [Seed.Pack] = []
        var entries: [CatalogDocument.PackEntry] = []
        for (i, shard) in index.musicShards.enumerated() {
            guard let plain = await unpacked(shard.file, "$.musicShards[\(i)]", fetch, &report) else { continue }
            do { music += try JSONLines.decode(Seed.MusicEntry.self, from: plain, file: shard.url) } catch {
                report.problems.append(error.description)
            }
        }
        for (i, shard) in index.packShards.enumerated() {
            guard let plain = await unpacked(shard.file, "$.packShards[\(i)]", fetch, &report) else { continue }
            do {
                let lines = try JSONLines.decode(ShardPack.self, from: plain, file: shard.url)
                packs += lines.map(\.pack)
                entries += lines.map(\.entry)
            } catch { report.problems.append(error.description) }
        }
        for (i, delta) in document.deltas.enumerated() {
            guard let plain = await unpacked(delta.file, "$.deltas[\(i)]", fetch, &report) else { continue }
            do {
                let parsed = try CatalogDelta.parse(plain, file: delta.url)
                if parsed.header.from != delta.from || parsed.header.to != delta.to {
                    report.problems.append(
                        "\(delta.url): leads from \(parsed.header.from) to \(parsed.header.to), catalog.json says \(delta.from) to \(delta.to)"
                    )
                }
            } catch { report.problems.append(error.description) }
        }
        checkExpiry(document.expires, now: now, &report)
        let seed = Seed(
            catalogVersion: document.catalogVersion, vocabularies: index.vocabularies, music: music, packs: packs,
            loudness: index.loudness)
        report.problems += SeedRules.check(seed, file: document.index.url).map(\.description)
        await checkPacks(entries, seed: seed, fetch, &report)
        return report
    }

    private static func unpacked(
        _ ref: FileReference, _ what: String, _ fetch: @Sendable (String) async throws -> Data, _ report: inout Report
    ) async -> Data? {
        guard let packed = await getChecked(ref, what, fetch, &report) else { return nil }
        do { return try Gzip.decompress(packed, limit: 1 << 32) } catch {
            report.problems.append("\(ref.url): \(error)")
            return nil
        }
    }
}
