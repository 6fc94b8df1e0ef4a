import CatalogModel
import Crypto
import Foundation
import Gzip

/// Writes a schema-2 catalog version from a filled ``ShardSpool``: the shards that are new (an
/// unchanged bin is the same file as before), the index, the delta from the previous version
/// (made by comparing only the bins whose shard changed), `versions/N.json`, and returns the
/// catalog.json bytes that list the deltas of the last `keepVersions` versions.
struct ShardedPublish {
    let writer: PublishWriter
    let keepVersions: Int

    struct Version {
        var catalogVersion: Int
        var vocabularies: Vocabularies
        var loudness: LoudnessTargets?
        var title: String
        var generatedAt: String
        var expires: String?
        var baseURL: String?
    }

    /// The version before: its catalog.json and index (schema 2), the hash a delta starts from, and
    /// — when bins cannot be compared one by one (a schema-1 folder, or another number of bins) —
    /// all its entries.
    struct Previous {
        var version: Int
        var fromIndex: String
        var sharded: (document: ShardedCatalogDocument, index: CatalogIndex)?
        var whole: () throws -> (music: [Seed.MusicEntry], packs: [ShardPack])
    }

    struct Written {
        var documentBytes: Data
        var index: FileReference
        /// Bytes of the files this publish added (shards, index, delta, version copy).
        var newBytes: Int64
    }

    /// `clean` names the pack bins whose lines are those of the previous version's shard (same
    /// binning): they are not in the spool, and the previous shard stands.
    func write(_ spool: ShardSpool, _ version: Version, previous: Previous?, clean: Set<Int> = []) throws -> Written {
        var newBytes: Int64 = 0
        func store(_ bytes: Data, _ path: (String) -> String) throws -> FileReference {
            let (reference, written) = try writer.writeOnceReporting(bytes, path: path, baseURL: version.baseURL)
            if written { newBytes += Int64(bytes.count) }
            return reference
        }
        let header = DeltaHeader(
            from: previous?.version ?? 0, to: version.catalogVersion, fromIndex: previous?.fromIndex ?? "",
            toIndex: "", vocabularies: version.vocabularies, loudness: version.loudness)
        var maker = DeltaMaker(header: header)
        var references: [ShardSpool.Kind: [ShardReference]] = [:]
        var unmatched: (music: [Seed.MusicEntry], packs: [ShardPack]) = ([], [])
        for kind in [ShardSpool.Kind.music, .packs] {
            let old = previous?.sharded.map { kind == .music ? $0.index.musicShards : $0.index.packShards }
            let binByBin = old?.count == spool.binCount(kind)
            for bin in 0..<spool.binCount(kind) {
                let before = binByBin ? old?[bin] : nil
                if kind == .packs, clean.contains(bin), let before {
                    references[kind, default: []].append(before)
                    continue
                }
                let shard = try spool.shard(kind, bin: bin, unchanged: before?.plainSHA256)
                guard let packed = shard.bytes else {
                    // The lines of the previous version's shard: the same file, nothing to compare.
                    if let before { references[kind, default: []].append(before) }
                    continue
                }
                let file = try store(packed, ShardedLayout.shardPath)
                references[kind, default: []].append(
                    ShardReference(file: file, entries: shard.lines.count, plainSHA256: shard.plainSHA256))
                guard previous != nil, !(binByBin && before?.sha256 == file.sha256) else { continue }
                let earlier = binByBin ? try PreviousCatalog.lines(of: old![bin].file, writer.output) : nil
                switch kind {
                case .music:
                    let new = try shard.lines.map {
                        try CatalogJSON.decode(Seed.MusicEntry.self, from: $0, file: file.url)
                    }
                    guard let earlier else {
                        unmatched.music += new
                        continue
                    }
                    maker.music(
                        old: try earlier.map {
                            try CatalogJSON.decode(Seed.MusicEntry.self, from: $0, file: "previous")
                        },
                        new: new)
                case .packs:
                    let new = try shard.lines.map { try CatalogJSON.decode(ShardPack.self, from: $0, file: file.url) }
                    guard let earlier else {
                        unmatched.packs += new
                        continue
                    }
                    maker.packs(
                        old: try earlier.map { try CatalogJSON.decode(ShardPack.self, from: $0, file: "previous") },
                        new: new)
                }
            }
            if let previous, !binByBin {
                let whole = try previous.whole()
                if kind == .music { maker.music(old: whole.music, new: unmatched.music) }
                if kind == .packs { maker.packs(old: whole.packs, new: unmatched.packs) }
            }
        }
        let index = CatalogIndex(
            catalogVersion: version.catalogVersion, vocabularies: version.vocabularies, loudness: version.loudness,
            musicShards: references[.music] ?? [], packShards: references[.packs] ?? [])
        let indexRef = try store(try Gzip.compress(try CompactJSON.encode(index)), ShardedLayout.indexPath)

        var deltas: [DeltaReference] = []
        if let previous {
            var delta = maker.finished()
            delta.header.toIndex = indexRef.sha256
            let file = try store(try Gzip.compress(try delta.encoded()), ShardedLayout.deltaPath)
            deltas = (previous.sharded?.document.deltas ?? []).filter { $0.to > version.catalogVersion - keepVersions }
            deltas.append(DeltaReference(from: previous.version, to: version.catalogVersion, file: file))
            if deltas.count > keepVersions { deltas.removeFirst(deltas.count - keepVersions) }
        }
        let document = ShardedCatalogDocument(
            catalogVersion: version.catalogVersion, generatedAt: version.generatedAt, title: version.title,
            expires: version.expires, index: indexRef, deltas: deltas)
        let bytes = try CatalogJSON.encode(document)
        try writer.writeVersion(bytes, path: ShardedLayout.versionPath(version.catalogVersion))
        newBytes += Int64(bytes.count)
        return Written(documentBytes: bytes, index: indexRef, newBytes: newBytes)
    }
}

extension ShardedPublish {
    /// The spool of `seed` (in memory), binned for its size and never fewer bins than `previous` had.
    static func spool(_ seed: Seed, references: [String: CatalogDocument.PackEntry], previous: CatalogIndex?) throws
        -> ShardSpool
    {
        let items = seed.packs.reduce(0) { $0 + $1.items.count }
        let spool = try ShardSpool(
            packBins: ShardBins.forEntries(
                items, perShard: ShardedLayout.itemsPerShard, minimum: previous?.packShards.count ?? 1),
            musicBins: ShardBins.forEntries(
                seed.music.count, perShard: ShardedLayout.musicPerShard, minimum: previous?.musicShards.count ?? 1))
        for entry in seed.music { try spool.add(entry) }
        for pack in seed.packs {
            guard let reference = references[pack.id] else {
                throw PublishError.io(path: pack.id, message: "the pack has no built manifest")
            }
            try spool.add(ShardPack(pack: pack, manifest: reference.manifest, archive: reference.archive))
        }
        return spool
    }
}

extension PreviousCatalog {
    /// What ``ShardedPublish`` compares the next version with.
    var shardedPrevious: ShardedPublish.Previous {
        let seed = seed
        let entries = Dictionary(packs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return ShardedPublish.Previous(
            version: document.catalogVersion, fromIndex: document.importFile.sha256,
            sharded: sharded,
            whole: {
                (
                    seed.music,
                    seed.packs.map {
                        ShardPack(
                            pack: $0,
                            manifest: entries[$0.id]?.manifest ?? FileReference(url: "", sha256: "", bytes: 0),
                            archive: entries[$0.id]?.archive)
                    }
                )
            })
    }
}
