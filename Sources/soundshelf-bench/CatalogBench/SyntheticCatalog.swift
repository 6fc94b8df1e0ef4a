import CatalogModel
import Foundation
import SyntheticData

/// A synthetic published catalog for benchmarks: catalog.json and the seed of a
/// ``SyntheticSeed`` of N items.
///
/// ```swift
/// let folder = try SyntheticCatalog(items: 100_000).write(to: tmp)   // catalog.json + seeds/<sha>.json
/// try SyntheticCatalog(items: 100_000, updated: true).write(to: tmp2)   // its version 2
/// ```
struct SyntheticCatalog {
    var items: Int
    /// Version 2: the first pack gone, every 10th item retitled, 1% new items in a new pack.
    var updated = false

    /// The seed of this catalog.
    func seed() -> Seed {
        var seed = SyntheticSeed(items: items).seed()
        guard updated, var added = seed.packs.first else { return seed }
        seed.catalogVersion = 2
        seed.packs.removeFirst()
        for p in seed.packs.indices {
            for i in seed.packs[p].items.indices where i % 10 == 0 {
                seed.packs[p].items[i].title += " (remastered)"
            }
        }
        added.id = SyntheticSeed.id(90_000_000)
        added.slug = "added"
        added.items = (0..<max(1, items / 100)).map { n in
            var item = added.items[n % added.items.count]
            item.id = SyntheticSeed.id(80_000_000 + n)
            return item
        }
        seed.packs.append(added)
        return seed
    }

    /// Writes catalog.json and the seed into `folder`.
    func write(to folder: URL) throws {
        let seed = seed()
        let bytes = try CatalogJSON.encode(seed)
        let sha = SHA256Digest.hex(of: bytes)
        let seeds = folder.appendingPathComponent("seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try bytes.write(to: seeds.appendingPathComponent("\(sha).json"))
        let document = CatalogDocument(
            catalogVersion: seed.catalogVersion, generatedAt: ISO8601.string(Date()), title: "Synthetic \(items)",
            expires: nil, seed: FileReference(url: "seeds/\(sha).json", sha256: sha, bytes: Int64(bytes.count)),
            packs: [])
        try CatalogJSON.encode(document).write(to: folder.appendingPathComponent("catalog.json"))
    }
}
