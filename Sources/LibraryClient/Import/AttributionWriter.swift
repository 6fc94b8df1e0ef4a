import CatalogFormat
import GRDB

/// Writes each pack item's license, credits and source (`item_attribution`) inside the seed
/// import's transaction: rows that changed are replaced, rows of items that now state nothing are
/// deleted; items gone from the seed keep theirs (their installed audio stays credited).
struct AttributionWriter {
    let seed: Seed

    func write(_ db: Database) throws {
        var existing: [String: ItemAttributionRecord] = [:]
        for row in try ItemAttributionRecord.fetchAll(db) { existing[row.itemID] = row }
        for pack in seed.packs {
            for item in pack.items {
                let wanted = ItemAttributionRecord(itemID: item.id, item.attribution)
                let old = existing[item.id]
                guard wanted != old else { continue }
                if let wanted { try wanted.save(db) } else { _ = try old?.delete(db) }
            }
        }
    }
}
