import CatalogModel
import Crypto
import Foundation

/// `catalog verify`: checks a published catalog as a client would — catalog.json and its
/// signature (and its root chain, ``checkRoots(_:trustedRoot:_:now:_:)``), expiry, the seed's and every manifest's, archive's and asset's hash and size,
/// and the format rules on each document — and lists every problem found.
///
/// ```swift
/// let report = await CatalogVerifier.verify(fetch: { try Data(contentsOf: base.appendingPathComponent($0)) },
///                                           trustedKey: nil)
/// report.problems.isEmpty
/// ```
public enum CatalogVerifier {
    public struct Report: Sendable, Codable, Equatable {
        public var catalogVersion: Int?
        public var problems: [String] = []
        public var warnings: [String] = []
        public var filesChecked = 0
    }

    /// `fetch` gets a URL as written in the catalog (relative to catalog.json, or absolute)
    /// and returns its bytes.
    public static func verify(
        fetch: @Sendable (String) async throws -> Data,
        trustedKey: Curve25519.Signing.PublicKey?, trustedRoot: RootDocument? = nil, now: Date = Date()
    ) async -> Report {
        var report = Report()
        guard let bytes = await get("catalog.json", fetch, &report) else { return report }
        await checkRoots(bytes, trustedRoot: trustedRoot, fetch, now: now, &report)
        if (try? CatalogJSON.decode(CatalogSchemaProbe.self, from: bytes, file: "catalog.json"))?.schemaVersion == 2 {
            return await verifySharded(bytes, fetch: fetch, trustedKey: trustedKey, now: now, report)
        }
        let document: CatalogDocument
        do { document = try CatalogJSON.decode(CatalogDocument.self, from: bytes, file: "catalog.json") } catch {
            report.problems.append(error.description)
            return report
        }
        report.catalogVersion = document.catalogVersion
        report.problems += CatalogDocumentRules.check(document, file: "catalog.json").map(\.description)
        await checkSignature(bytes, trustedKey: trustedKey, fetch, &report)
        checkExpiry(document.expires, now: now, &report)
        if let seedBytes = await getChecked(document.seed, "$.seed", fetch, &report) {
            do {
                let seed = try CatalogJSON.decode(Seed.self, from: seedBytes, file: document.seed.url)
                report.problems += SeedRules.check(seed, file: document.seed.url).map(\.description)
                await checkPacks(document.packs, seed: seed, fetch, &report)
            } catch {
                report.problems.append(error.description)
            }
        }
        return report
    }

    static func checkSignature(
        _ bytes: Data, trustedKey: Curve25519.Signing.PublicKey?, _ fetch: @Sendable (String) async throws -> Data,
        _ report: inout Report
    ) async {
        guard let key = trustedKey else { return }
        let sigPath = "signatures/\(SHA256Digest.hex(of: bytes)).sig"
        if let sig = await get(sigPath, fetch, &report),
            !CatalogSignature.verify(String(decoding: sig, as: UTF8.self), of: bytes, publicKey: key)
        {
            report.problems.append("\(sigPath): the signature does not match catalog.json for the trusted key")
        }
    }

    /// Warns of a catalog.json that expires soon or says nothing; refuses one that has expired.
    static func checkExpiry(_ expiry: String?, now: Date, _ report: inout Report) {
        guard let text = expiry, let expires = ISO8601.date(text) else {
            report.warnings.append("catalog.json has no valid `expires`; clients cannot tell a stale catalog")
            return
        }
        if expires < now {
            report.problems.append("catalog.json expired at \(text); publish again with `catalog publish --renew`")
        } else if expires.timeIntervalSince(now) < 30 * 86_400 {
            let days = Int(expires.timeIntervalSince(now) / 86_400)
            report.warnings.append("catalog.json expires in \(days) days (\(text)); run `catalog publish --renew` soon")
        }
    }

    static func checkPacks(
        _ packs: [CatalogDocument.PackEntry], seed: Seed, _ fetch: @Sendable (String) async throws -> Data,
        _ report: inout Report
    ) async {
        for (i, pack) in packs.enumerated() {
            let label = "pack \(pack.slug) (\(pack.id)) version \(pack.version)"
            guard let data = await getChecked(pack.manifest, "$.packs[\(i)].manifest", fetch, &report) else { continue }
            let manifest: Manifest
            do { manifest = try CatalogJSON.decode(Manifest.self, from: data, file: pack.manifest.url) } catch {
                report.problems.append(error.description)
                continue
            }
            report.problems += ManifestRules.check(manifest, file: pack.manifest.url).map(\.description)
            if manifest.packId.lowercased() != pack.id.lowercased() || manifest.version != pack.version {
                report.problems.append(
                    "\(pack.manifest.url): manifest is for pack \(manifest.packId) version \(manifest.version), not \(label)"
                )
            }
            let folder = (pack.manifest.url as NSString).deletingLastPathComponent
            if let archive = pack.archive { _ = await getChecked(archive, "$.packs[\(i)].archive", fetch, &report) }
            for asset in manifest.assets {
                let url = asset.url.contains("://") ? asset.url : folder + "/" + asset.url
                _ = await getChecked(
                    FileReference(url: url, sha256: asset.sha256, bytes: asset.bytes),
                    "asset \(asset.assetId) of \(label)", fetch, &report)
            }
            if let seedPack = seed.packs.first(where: { $0.id == pack.id }) {
                let itemIds = Set(manifest.assets.map(\.itemId))
                for item in seedPack.items where !itemIds.contains(item.id) {
                    report.problems.append("item \(item.id) ('\(item.title)') of \(label) has no asset in its manifest")
                }
                report.problems += TakeAgreement.problems(seedPack, manifest, label: label)
            } else {
                report.problems.append("\(label) is in catalog.json but not in the seed")
            }
        }
    }

    static func get(_ url: String, _ fetch: @Sendable (String) async throws -> Data, _ report: inout Report) async
        -> Data?
    {
        do {
            let data = try await fetch(url)
            report.filesChecked += 1
            return data
        } catch {
            report.problems.append("\(url): cannot be fetched: \(error)")
            return nil
        }
    }

    static func getChecked(
        _ ref: FileReference, _ what: String, _ fetch: @Sendable (String) async throws -> Data,
        _ report: inout Report
    ) async -> Data? {
        guard let data = await get(ref.url, fetch, &report) else { return nil }
        switch ref.mismatch(in: data) {
        case nil: return data
        case .size(let actual)?:
            report.problems.append("\(ref.url): \(what) declares \(ref.bytes) bytes but the file has \(actual)")
        case .sha256(let actual)?:
            report.problems.append(
                "\(ref.url): \(what) declares SHA-256 \(ref.sha256) but the file hashes to \(actual)")
        }
        return nil
    }
}
