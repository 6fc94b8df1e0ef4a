import CatalogFormat
import GRDB

/// Writes the seed's sound figures inside the import's transaction: the catalog's loudness
/// targets, and one `item_sound` row per item that has figures (rows of items that no longer
/// have any are removed). A seed without figures changes nothing but removes stale rows.
enum SoundFigureWriter {
    static func write(_ seed: Seed, _ db: Database) throws {
        try LoudnessTargetRecord.deleteAll(db)
        if let targets = seed.loudness {
            try LoudnessTargetRecord(kind: Kind.atmosphere.rawValue, lufs: targets.atmosphere).insert(db)
            try LoudnessTargetRecord(kind: Kind.sfx.rawValue, lufs: targets.sfx).insert(db)
        }
        var stale = try ItemSoundRecord.select(ItemSoundRecord.Columns.itemId, as: String.self).fetchSet(db)
        for pack in seed.packs {
            for item in pack.items {
                let id = CanonicalID.normalized(item.id)
                guard let record = ItemSoundRecord(itemId: id, item) else { continue }
                stale.remove(id)
                try record.save(db)
            }
        }
        for id in stale { _ = try ItemSoundRecord.deleteOne(db, key: id) }
    }
}
