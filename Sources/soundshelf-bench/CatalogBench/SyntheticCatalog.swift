import CatalogModel
import Foundation
import SyntheticData

/// A synthetic published catalog for benchmarks: catalog.json and the seed of a
/// ``SyntheticSeed`` of N items (random ids, every field a built pack writes, 100 items per pack),
/// written pack by pack so a million items never sit in memory.
///
/// ```swift
/// let folder = try SyntheticCatalog(items: 100_000).write(to: tmp)   // catalog.json + seeds/<sha>.json
/// try SyntheticCatalog(items: 100_000, updated: true).write(to: tmp2)   // its version 2
/// ```
struct SyntheticCatalog {
    var items: Int
    /// Version 2: the first pack gone, every 10th item retitled, 1% new items in a new pack.
    var updated = false

    var synthetic: SyntheticSeed { SyntheticSeed(items: items) }

    /// The packs of this catalog's version, in order.
    func forEachPack(_ emit: (Seed.Pack) throws -> Void) throws {
        guard updated else { return try synthetic.forEachPack(emit) }
        var first: Seed.Pack?
        try synthetic.forEachPack { pack in
            guard first != nil else {
                first = pack
                return
            }
            var pack = pack
            for i in pack.items.indices where i % 10 == 0 { pack.items[i].title += " (remastered)" }
            try emit(pack)
        }
        guard var added = first else { return }
        added.id = SyntheticSeed.id(90_000_000)
        added.slug = "added"
        added.items = (0..<max(1, items / 100)).map { n in
            var item = added.items[n % added.items.count]
            item.id = SyntheticSeed.id(80_000_000 + n)
            item.sortOrder = n
            return item
        }
        try emit(added)
    }

    /// Writes catalog.json and the seed into `folder`.
    func write(to folder: URL) throws {
        var header = synthetic.header()
        header.catalogVersion = updated ? 2 : 1
        let seeds = folder.appendingPathComponent("seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        let staging = seeds.appendingPathComponent(".seed-\(UUID().uuidString).json")
        let written = try SeedFileWriter.write(header: header, to: staging, packs: forEachPack)
        let name = "seeds/\(written.sha256).json"
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        try FileManager.default.moveItem(at: staging, to: folder.appendingPathComponent(name))
        let document = CatalogDocument(
            catalogVersion: header.catalogVersion, generatedAt: ISO8601.string(Date()), title: "Synthetic \(items)",
            expires: nil, seed: FileReference(url: name, sha256: written.sha256, bytes: written.bytes), packs: [])
        try CatalogJSON.encode(document).write(to: folder.appendingPathComponent("catalog.json"))
    }
}
