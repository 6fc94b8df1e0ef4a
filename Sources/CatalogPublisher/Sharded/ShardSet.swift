import CatalogModel
import Foundation
import Gzip

/// The shards of one catalog version: its packs (with their file references) and music entries
/// spread over bins by id, each bin one gzip file of JSON lines sorted by id, so an unchanged bin
/// gives the same bytes (and the same file) in every version.
struct ShardSet {
    /// A shard ready to be written: its compressed bytes and reference.
    struct Shard {
        var bytes: Data
        var sha256: String
        var entries: Int
    }

    var music: [Shard] = []
    var packs: [Shard] = []

    /// Shards for `seed`; `references` gives each pack's manifest and archive.
    static func make(
        _ seed: Seed, references: [String: CatalogDocument.PackEntry], minimumBins: (music: Int, packs: Int)
    ) throws -> ShardSet {
        let items = seed.packs.reduce(0) { $0 + $1.items.count }
        let packBins = ShardBins.forEntries(items, perShard: ShardedLayout.itemsPerShard, minimum: minimumBins.packs)
        let musicBins = ShardBins.forEntries(
            seed.music.count, perShard: ShardedLayout.musicPerShard, minimum: minimumBins.music)
        var set = ShardSet()
        var musicLines = [[(String, Data)]](repeating: [], count: musicBins.count)
        for entry in seed.music {
            musicLines[musicBins.bin(of: entry.id)].append((entry.id, try CompactJSON.encode(entry)))
        }
        var packLines = [[(String, Data)]](repeating: [], count: packBins.count)
        for pack in seed.packs {
            guard let reference = references[pack.id] else {
                throw PublishError.io(path: pack.id, message: "the pack has no built manifest")
            }
            let line = ShardPack(pack: pack, manifest: reference.manifest, archive: reference.archive)
            packLines[packBins.bin(of: pack.id)].append((pack.id, try CompactJSON.encode(line)))
        }
        set.music = try musicLines.map(shard)
        set.packs = try packLines.map(shard)
        return set
    }

    private static func shard(_ lines: [(String, Data)]) throws -> Shard {
        var plain = Data()
        for (_, line) in lines.sorted(by: { $0.0 < $1.0 }) {
            plain.append(line)
            plain.append(0x0A)
        }
        let bytes = try Gzip.compress(plain)
        return Shard(bytes: bytes, sha256: SHA256Digest.hex(of: bytes), entries: lines.count)
    }
}
