import CatalogModel
import Crypto
import Foundation

/// Writes a published catalog folder the way `catalog publish` lays it out (catalog.json,
/// seeds/<sha256>.json, optional signatures/<sha256>.sig), for client tests.
///
/// ```swift
/// let fixture = FixtureCatalog(folder: tmp.url.appendingPathComponent("dist"))
/// let published = try fixture.publish(seed: seed, catalogVersion: 1, signWith: key)
/// ```
public struct FixtureCatalog: Sendable {
    public let folder: URL

    public struct Published: Sendable {
        public var catalogSHA256: String
        public var seedSHA256: String
        public var catalogBytes: Data
    }

    public init(folder: URL) { self.folder = folder }

    /// Writes the seed and a catalog.json pointing at it (replacing an older catalog.json).
    /// `seedBytesOverride` publishes other bytes under the declared hash (a damaged seed).
    @discardableResult
    public func publish(
        seed: Seed, catalogVersion: Int? = nil, expires: String? = "2099-01-01T00:00:00Z",
        signWith key: Curve25519.Signing.PrivateKey? = nil,
        seedBytesOverride: Data? = nil
    ) throws -> Published {
        let seedBytes = try CatalogJSON.encode(seed)
        let seedSHA = SHA256Digest.hex(of: seedBytes)
        try write("seeds/\(seedSHA).json", seedBytesOverride ?? seedBytes)
        let document = CatalogDocument(
            catalogVersion: catalogVersion ?? seed.catalogVersion, generatedAt: "2026-01-01T00:00:00Z",
            title: "Fixture Catalog", expires: expires,
            seed: FileReference(url: "seeds/\(seedSHA).json", sha256: seedSHA, bytes: Int64(seedBytes.count)),
            packs: seed.packs.map {
                CatalogDocument.PackEntry(
                    id: $0.id, slug: $0.slug, kind: $0.kind, title: $0.title, version: $0.version,
                    manifest: FileReference(url: $0.manifestURL, sha256: String(repeating: "0", count: 64), bytes: 0),
                    archive: nil)
            })
        let catalogBytes = try CatalogJSON.encode(document)
        let catalogSHA = SHA256Digest.hex(of: catalogBytes)
        if let key {
            try write("signatures/\(catalogSHA).sig", Data(try CatalogSignature.sign(catalogBytes, with: key).utf8))
        }
        try write("catalog.json", catalogBytes)
        return Published(catalogSHA256: catalogSHA, seedSHA256: seedSHA, catalogBytes: catalogBytes)
    }

    /// Writes `bytes` at `relative` inside the folder.
    public func write(_ relative: String, _ bytes: Data) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
    }

    /// A fresh signing key, with its public half written as a key file (one base64 line); returns both.
    public static func makeKey(publicKeyFile: URL) throws -> Curve25519.Signing.PrivateKey {
        let key = Curve25519.Signing.PrivateKey()
        try Data((key.publicKey.rawRepresentation.base64EncodedString() + "\n").utf8).write(to: publicKeyFile)
        return key
    }
}
