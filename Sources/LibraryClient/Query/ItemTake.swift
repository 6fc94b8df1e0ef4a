import CatalogFormat
import GRDB

/// One recording of an item, as `client show` lists it: its take number and, once the pack is
/// installed, its asset and length.
///
/// ```swift
/// let detail = try await library.items.fetchItemDetail(itemID: id)
/// detail.takes.map(\.take)        // [0, 1, 2]
/// detail.takes[1].assetID         // nil until the pack is installed
/// ```
public struct ItemTake: Sendable, Hashable {
    /// 0-based, in the order the pack lists the files.
    public var take: Int
    /// The installed asset playing this take; nil while it is not installed.
    public var assetID: String?
    /// Seconds, from the installed pack's manifest; nil while not installed.
    public var duration: Double?
    /// Whether the take's file is installed and present on disk.
    public var isInstalled: Bool
    /// The take's own EBU R128 figures from the installed manifest; nil while not installed or
    /// when the pack was not analysed.
    public var loudness: Loudness?

    /// A take from its fields.
    public init(
        take: Int, assetID: String?, duration: Double?, isInstalled: Bool = false, loudness: Loudness? = nil
    ) {
        self.take = take
        self.assetID = assetID
        self.duration = duration
        self.isInstalled = isInstalled
        self.loudness = loudness
    }

    /// Takes 0..<count of `itemID`, with what `item_take` knows of each; none for music.
    static func fetchAll(_ db: Database, itemID: String, count: Int, kind: Kind, paths: LibraryPaths) throws
        -> [ItemTake]
    {
        guard kind != .music else { return [] }
        var installed: [Int: ItemTakeRecord] = [:]
        let rows = try ItemTakeRecord.filter(ItemTakeRecord.Columns.itemId == itemID).fetchAll(db)
        for row in rows { installed[row.take] = row }
        if installed[0] == nil, count == 1,
            let audio = try ItemLocalAudioRecord.fetchOne(db, key: itemID)
        {
            // Installed before takes were recorded: item_local_audio is take 0.
            installed[0] = ItemTakeRecord(itemId: itemID, take: 0, assetId: audio.assetId, duration: nil)
        }
        let assetIDs = installed.values.map(\.assetId)
        let local = try LocalAssetRecord.filter(keys: assetIDs).fetchAll(db)
        let present = Set(local.filter { paths.fileExists(localPath: $0.localPath) }.map(\.id))
        return (0..<max(count, 1)).map { take in
            let asset = installed[take]?.assetId
            return ItemTake(
                take: take, assetID: asset, duration: installed[take]?.duration,
                isInstalled: asset.map(present.contains) ?? false, loudness: installed[take]?.loudness)
        }
    }
}
