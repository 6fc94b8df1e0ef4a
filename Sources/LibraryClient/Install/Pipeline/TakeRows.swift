import CatalogFormat
import GRDB

/// The `item_take` rows of an installed manifest: every take of every item of the pack, replacing
/// the rows of the version installed before (an item that lost takes keeps none of the old ones).
///
/// ```swift
/// try TakeRows(packId: packId, manifest: manifest).write(db)   // after local_asset is written
/// ```
struct TakeRows {
    let packId: String
    let manifest: Manifest

    func write(_ db: Database) throws {
        let items = Set(manifest.assets.map { $0.itemId.lowercased() })
        let assets = LocalAssetRecord.all().forPack(packId).select(LocalAssetRecord.Columns.id)
        let packItems = PackItemRecord.all().forPack(packId).select(PackItemRecord.Columns.itemId)
        _ = try ItemTakeRecord.filter(
            assets.contains(ItemTakeRecord.Columns.assetId) || packItems.contains(ItemTakeRecord.Columns.itemId)
        ).deleteAll(db)
        for item in items {
            _ = try ItemTakeRecord.filter(ItemTakeRecord.Columns.itemId == item).deleteAll(db)
        }
        for asset in manifest.assets {
            try ItemTakeRecord(
                itemId: asset.itemId.lowercased(), take: asset.takeNumber, assetId: asset.assetId,
                duration: asset.duration, loudness: asset.loudness
            ).insert(db)
        }
    }
}
