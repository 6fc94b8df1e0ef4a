import CatalogFormat
import GRDB

/// Writes the seed's take counts and playback rules (`item_playback`) inside the import's
/// transaction: rows for items with more than one take or a rule, none for the others. Only
/// differences are written (there are few such items, so the old rows are read whole).
///
/// ```swift
/// let changed = try ItemPlaybackWriter(seed: seed).write(db)   // true when a row changed
/// ```
struct ItemPlaybackWriter {
    let seed: Seed

    func write(_ db: Database) throws -> Bool {
        var old: [String: ItemPlaybackRecord] = [:]
        for row in try ItemPlaybackRecord.fetchAll(db) { old[row.itemId] = row }
        var changed = false
        for pack in seed.packs {
            for item in pack.items {
                let wanted = ItemPlaybackRecord(item)
                let before = old.removeValue(forKey: item.id)
                guard wanted != before else { continue }
                changed = true
                if let wanted { try wanted.save(db) } else { _ = try ItemPlaybackRecord.deleteOne(db, key: item.id) }
            }
        }
        // Rows of items the seed no longer lists stay: those items are hidden, not deleted.
        return changed
    }
}
