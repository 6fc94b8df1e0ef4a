import CatalogModel
import Foundation

/// The change from one published version to the next, entry by entry: packs whose line changed
/// (with the order of their items), the items that are new or changed, music entries, and what
/// is no longer listed.
enum DeltaMaker {
    struct Side {
        var seed: Seed
        var references: [String: CatalogDocument.PackEntry]
    }

    static func diff(from old: Side, to new: Side, header: DeltaHeader) throws -> CatalogDelta {
        var delta = CatalogDelta(header: header)
        let oldMusic = Dictionary(old.seed.music.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for entry in new.seed.music where oldMusic[entry.id] != entry { delta.music.append(entry) }
        let newMusic = Set(new.seed.music.map(\.id))
        var removed = Set(oldMusic.keys.filter { !newMusic.contains($0) })

        let oldPacks = Dictionary(old.seed.packs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var listed = Set<String>()
        for pack in new.seed.packs {
            listed.insert(pack.id)
            let line = ShardPack(
                pack: pack, manifest: reference(pack.id, new), archive: new.references[pack.id]?.archive)
            guard let previous = oldPacks[pack.id] else {
                delta.packs.append(DeltaPack(line))
                delta.items += pack.items.map { DeltaItem(packId: pack.id, item: $0) }
                continue
            }
            let before = ShardPack(
                pack: previous, manifest: reference(pack.id, old), archive: old.references[pack.id]?.archive)
            guard before != line else { continue }
            delta.packs.append(DeltaPack(line))
            let oldItems = Dictionary(previous.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            for item in pack.items where !same(oldItems[item.id], item) {
                delta.items.append(DeltaItem(packId: pack.id, item: item))
            }
            let kept = Set(pack.items.map(\.id))
            removed.formUnion(previous.items.map(\.id).filter { !kept.contains($0) })
        }
        for (id, pack) in oldPacks where !listed.contains(id) {
            delta.removedPacks.append(id)
            removed.formUnion(pack.items.map(\.id))
        }
        removed.subtract(delta.items.map(\.item.id))
        delta.removed = removed.sorted()
        delta.removedPacks.sort()
        return delta
    }

    /// Whether an item is unchanged but for its position (the pack's line carries the order).
    private static func same(_ old: Seed.Item?, _ new: Seed.Item) -> Bool {
        guard var old else { return false }
        old.sortOrder = new.sortOrder
        return old == new
    }

    private static func reference(_ id: String, _ side: Side) -> FileReference {
        side.references[id]?.manifest ?? FileReference(url: "", sha256: "", bytes: 0)
    }
}
