import CatalogModel
import Foundation
import SyntheticData

/// A synthetic published catalog for benchmarks: catalog.json and the seed of a
/// ``SyntheticSeed`` of N items.
///
/// ```swift
/// let folder = try SyntheticCatalog(items: 100_000).write(to: tmp)   // catalog.json + seeds/<sha>.json
/// ```
struct SyntheticCatalog {
    var items: Int

    /// Writes catalog.json and the seed into `folder`.
    func write(to folder: URL) throws {
        let bytes = try CatalogJSON.encode(SyntheticSeed(items: items).seed())
        let sha = SHA256Digest.hex(of: bytes)
        let seeds = folder.appendingPathComponent("seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try bytes.write(to: seeds.appendingPathComponent("\(sha).json"))
        let document = CatalogDocument(
            catalogVersion: 1, generatedAt: ISO8601.string(Date()), title: "Synthetic \(items)",
            expires: nil, seed: FileReference(url: "seeds/\(sha).json", sha256: sha, bytes: Int64(bytes.count)),
            packs: [])
        try CatalogJSON.encode(document).write(to: folder.appendingPathComponent("catalog.json"))
    }
}
