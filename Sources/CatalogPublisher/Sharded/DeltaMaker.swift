import CatalogModel
import Foundation

/// The change from one published version to the next, entry by entry, made one bin at a time
/// (only bins whose shard changed are compared): packs whose line changed (with their items' ids
/// and sort orders), the items that are new or changed, music entries, and what is no longer listed.
struct DeltaMaker {
    private(set) var delta: CatalogDelta
    /// Items that left a changed pack; those listed again elsewhere are not removed.
    private var leaving = Set<String>()

    init(header: DeltaHeader) { delta = CatalogDelta(header: header) }

    /// Compares one bin's music entries.
    mutating func music(old: [Seed.MusicEntry], new: [Seed.MusicEntry]) {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for entry in new where before[entry.id] != entry { delta.music.append(entry) }
        let listed = Set(new.map(\.id))
        leaving.formUnion(before.keys.filter { !listed.contains($0) })
    }

    /// Compares one bin's packs.
    mutating func packs(old: [ShardPack], new: [ShardPack]) {
        let before = Dictionary(old.map { ($0.pack.id, $0) }, uniquingKeysWith: { a, _ in a })
        var listed = Set<String>()
        for line in new {
            let pack = line.pack
            listed.insert(pack.id)
            guard let previous = before[pack.id] else {
                delta.packs.append(DeltaPack(line))
                delta.items += pack.items.map { DeltaItem(packId: pack.id, item: $0) }
                continue
            }
            guard previous != line else { continue }
            // The pack's line goes when its own fields or its items' order changed; items that
            // only changed themselves travel alone.
            let reordered =
                previous.pack.items.map(\.id) != pack.items.map(\.id)
                || previous.pack.items.map(\.sortOrder) != pack.items.map(\.sortOrder)
            var before = previous
            before.pack.items = line.pack.items
            if reordered || before != line { delta.packs.append(DeltaPack(line, withItems: reordered)) }
            let oldItems = Dictionary(previous.pack.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            for item in pack.items where !Self.same(oldItems[item.id], item) {
                delta.items.append(DeltaItem(packId: pack.id, item: item))
            }
            let kept = Set(pack.items.map(\.id))
            leaving.formUnion(previous.pack.items.map(\.id).filter { !kept.contains($0) })
        }
        for (id, line) in before where !listed.contains(id) {
            delta.removedPacks.append(id)
            leaving.formUnion(line.pack.items.map(\.id))
        }
    }

    /// The delta, once every changed bin was compared.
    func finished() -> CatalogDelta {
        var result = delta
        result.removed = leaving.subtracting(delta.items.map(\.item.id)).subtracting(delta.music.map(\.id)).sorted()
        result.removedPacks.sort()
        return result
    }

    /// Whether an item is unchanged but for its sort order (the pack's line carries it).
    private static func same(_ old: Seed.Item?, _ new: Seed.Item) -> Bool {
        guard var old else { return false }
        old.sortOrder = new.sortOrder
        return old == new
    }
}
