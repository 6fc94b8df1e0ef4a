import CatalogModel
import Foundation

/// What a pack-by-pack publish reads of the version before: the lines of the shards it must
/// rewrite (those holding a changed, new or removed pack). A line of a pack that did not change
/// goes straight to the spool; the others are remembered compactly — each id's role, each pack's
/// version and manifest — for the identity rules, which then cover every id that can have moved.
///
/// ```swift
/// var earlier = EarlierPacks()
/// try earlier.read(shard, output: dist, keeping: keptIDs, into: spool)
/// var check = EarlierPacks.Check(earlier, packIDs: ids)
/// check.add(music: catalog.music); check.add(changedPack)
/// let rules = check.finished()
/// ```
struct EarlierPacks {
    /// An id's role then: "music entry", "sfx pack", "sfx item" …, and the pack of an item.
    private(set) var roles: [String: (role: String, pack: String?)] = [:]
    /// Each pack read: its version and its items' ids, in the order read.
    private(set) var packs: [(id: String, version: Int, items: [String])] = []
    /// The manifest's SHA-256 of each pack version read ("id/version").
    private(set) var manifests: [String: String] = [:]
    private(set) var music: [String] = []

    /// Reads the lines of a previous pack shard: those of packs in `keeping` are added to `spool`
    /// as they are; the others are remembered.
    mutating func read(_ shard: ShardReference, output: URL, keeping: Set<String>, into spool: ShardSpool) throws {
        for line in try PreviousCatalog.lines(of: shard.file, output) {
            let head = line.withUnsafeBytes { ShardPackHead.read($0) }
            if let head, keeping.contains(head.id) {
                try spool.add(packLine: line, id: head.id)
                continue
            }
            let pack = try CatalogJSON.decode(ShardPack.self, from: line, file: shard.url)
            add(pack.pack, manifest: pack.manifest.sha256)
        }
    }

    /// Remembers a pack of the version before (its manifest's SHA-256 when known).
    mutating func add(_ pack: Seed.Pack, manifest: String? = nil) {
        roles[pack.id] = ("\(pack.kind.rawValue) pack", nil)
        for item in pack.items { roles[item.id] = ("\(pack.kind.rawValue) item", pack.id) }
        packs.append((pack.id, pack.version, pack.items.map(\.id)))
        if let manifest { manifests["\(pack.id)/\(pack.version)"] = manifest }
    }

    /// Remembers a music entry of the version before.
    mutating func add(music id: String) {
        roles[id] = ("music entry", nil)
        music.append(id)
    }

    /// Reads a previous music shard.
    mutating func read(music shard: ShardReference, output: URL) throws {
        for line in try PreviousCatalog.lines(of: shard.file, output) {
            add(music: try CatalogJSON.decode(Seed.MusicEntry.self, from: line, file: shard.url).id)
        }
    }

    /// The identity rules (``IdentityRules``) against what was read, fed the catalog's music and
    /// each pack that changed (the others are as the version before had them) one at a time.
    struct Check {
        let earlier: EarlierPacks
        let packIDs: Set<String>
        private var seen: Set<String>
        private let versions: [String: Int]
        private(set) var rules = IdentityRules()

        /// `packIDs`: every pack id of the catalog.
        init(_ earlier: EarlierPacks, packIDs: Set<String>) {
            self.earlier = earlier
            self.packIDs = packIDs
            seen = packIDs
            versions = Dictionary(earlier.packs.map { ($0.id, $0.version) }, uniquingKeysWith: { a, _ in a })
        }

        mutating func add(music: [MusicSource]) {
            for m in music { check(m.id, role: "music entry", pack: nil, label: m.title) }
        }

        mutating func add(_ p: PackSource) {
            check(p.id, role: "\(p.kind.rawValue) pack", pack: nil, label: p.slug)
            for item in p.items { check(item.id, role: "\(p.kind.rawValue) item", pack: p.id, label: item.title) }
            if let published = versions[p.id], p.version < published {
                rules.problems.append(
                    .versionWentBack(packID: p.id, slug: p.slug, version: p.version, published: published))
            }
        }

        /// The rules with what went: packs read that the catalog no longer has, items of the packs
        /// it still has that are no longer in them, music entries.
        func finished() -> IdentityRules {
            var result = rules
            for p in earlier.packs where !packIDs.contains(p.id) { result.removedPacks.append(p.id) }
            for p in earlier.packs where packIDs.contains(p.id) {
                for id in p.items where !seen.contains(id) { result.removedItems.append(id) }
            }
            for id in earlier.music where !seen.contains(id) { result.removedItems.append(id) }
            return result
        }

        private mutating func check(_ id: String, role: String, pack: String?, label: String) {
            seen.insert(id)
            guard let before = earlier.roles[id] else { return }
            if before.role != role {
                rules.problems.append(.kindChanged(id: id, label: label, before: before.role, after: role))
            } else if let oldPack = before.pack, let pack, oldPack != pack {
                rules.problems.append(.itemMoved(itemID: id, label: label, fromPack: oldPack, toPack: pack))
            }
        }
    }
}
