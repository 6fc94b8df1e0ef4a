import CatalogFormat
import FacetEngine
import GRDB

/// The update half of a streamed import (a catalog already imported): each parsed entry is
/// compared with its stored row by id and written only when it changed; new entries take the
/// next item numbers. What the seed listed is remembered as one bit per item number, so memory
/// stays flat however many items the library holds; at the end, items and packs the seed no
/// longer lists are hidden. The rules are those of ``SeedWriter``: `pack_state`, `local_asset`
/// and installed files are never touched, and an id never changes kind.
///
/// ```swift
/// let update = try SeedStreamUpdate(db, rows: rows)
/// try update.place(desired, bulk, &summary)      // for each entry, in seed order
/// summary.hidden = try update.hideMissing()
/// ```
final class SeedStreamUpdate {
    let db: Database
    private let rows: SeedWriter
    private let stored: StoredItemLookup
    /// Item numbers of the entries the seed listed so far.
    private var listed: Bitset
    private var listedPacks = Set<String>()
    private(set) var packTitleChanged = Set<String>()
    private var nextNumber: Int64
    /// Whether a take count or playback rule changed (the list rows show them).
    private(set) var takesChanged = false
    /// Which optional rows the entry last placed has stored (read with its row).
    private var storedExtras = StoredItemLookup.Extras()

    init(_ db: Database, rows: SeedWriter) throws {
        self.db = db
        self.rows = rows
        stored = try StoredItemLookup(db)
        let numbers = LibraryItemRecord.select(max(LibraryItemRecord.Columns.itemNumber), as: Int64.self)
        nextNumber = (try numbers.fetchOne(db) ?? 0) + 1
        listed = Bitset(wordCount: Bitset.wordCount(for: Int(nextNumber)))
    }

    /// Whether `id` is an entry the seed listed before this point.
    func isListed(_ id: String) throws -> Bool {
        guard let old = try stored.item(id) else { return false }
        return listed.contains(UInt32(truncatingIfNeeded: old.item.number))
    }

    /// Inserts or updates a pack; a changed title refreshes its items' search rows.
    func pack(_ pack: Seed.Pack, path: String, _ summary: inout ImportSummary) throws {
        listedPacks.insert(pack.id)
        if try rows.writePack(pack, over: stored.pack(pack.id), path: path, db, &summary) {
            packTitleChanged.insert(pack.id)
        }
    }

    /// Inserts the entry, or updates its stored row where it differs; a repeated id is refused.
    func place(_ item: DesiredItem, _ bulk: BulkStatements, _ validator: SeedValidator, _ summary: inout ImportSummary)
        throws
    {
        guard let (old, extras) = try stored.item(item.id) else {
            storedExtras = StoredItemLookup.Extras()
            let number = nextNumber
            try rows.insertItem(item, number: number, bulk, db)
            try rows.insertTags(of: item, bulk)
            try rows.refreshSearch(number: number, item: item, db)
            listed.insert(UInt32(truncatingIfNeeded: number))
            nextNumber += 1
            summary.inserted += 1
            return
        }
        storedExtras = extras
        let number = UInt32(truncatingIfNeeded: old.number)
        guard !listed.contains(number) else {
            throw validator.fail(
                "id \(item.id) appears twice in the seed; every item and pack needs its own id", "\(item.path).id")
        }
        listed.insert(number)
        let searchChanged = try rows.updateItem(
            item, over: old, oldTags: stored.tagSignature(item.id), packTitleChanged: packTitleChanged, bulk, db,
            &summary)
        if searchChanged { try rows.refreshSearch(number: old.number, item: item, db) }
    }

    /// The sound figures, credits and playback rules of the entry just placed, written where
    /// they changed (`item` nil: a music entry, which has none); the stored ones were read with
    /// the entry's row.
    func extras(of item: Seed.Item?, id: String) throws {
        let has = storedExtras
        let sound = item.flatMap { ItemSoundRecord(itemId: id, $0) }
        let oldSound = has.sound
        if sound != oldSound {
            if let sound { try sound.save(db) } else { _ = try oldSound?.delete(db) }
        }
        guard let item else { return }
        let credits = ItemAttributionRecord(itemID: id, item.attribution)
        let oldCredits = has.credits
        if credits != oldCredits {
            if let credits { try credits.save(db) } else { _ = try oldCredits?.delete(db) }
        }
        let playback = ItemPlaybackRecord(item)
        let oldPlayback = has.playback
        if playback != oldPlayback {
            takesChanged = true
            if let playback { try playback.save(db) } else { _ = try oldPlayback?.delete(db) }
        }
    }

    /// Hides the visible items and packs the seed did not list, and removes the sound figures of
    /// the items it did not list; returns how many items and packs were hidden.
    func hideMissing(now: String) throws -> Int {
        var hidden = 0
        var unlisted: [Int64] = []
        let visible = try LibraryItemRecord.all().visible()
            .select(LibraryItemRecord.Columns.itemNumber, as: Int64.self).fetchCursor(db)
        while let number = try visible.next() {
            if !listed.contains(UInt32(truncatingIfNeeded: number)) { unlisted.append(number) }
        }
        let hiding = try UnlistedHiding(db, now: now)
        for number in unlisted {
            if try hiding.hideItem(number: number) { hidden += 1 }
        }

        var stale: [String] = []
        // Raw SQL: a two-column join over every sound row (up to a million); item_sound has no association.
        let statement = try db.makeStatement(
            sql: "SELECT s.item_id, li.item_number FROM item_sound s JOIN library_item li ON li.id = s.item_id")
        let column = ColumnPositions(statement)
        let (itemID, number) = try (column["item_id"], column["item_number"])
        let sounds = try Row.fetchCursor(statement)
        while let row = try sounds.next() {
            if !listed.contains(UInt32(truncatingIfNeeded: row[number] as Int64)) { stale.append(row[itemID]) }
        }
        for id in stale { _ = try ItemSoundRecord.deleteOne(db, key: id) }

        let packs = try PackRecord.all().visible().select(PackRecord.Columns.id, as: String.self).fetchAll(db)
        for id in packs where !listedPacks.contains(id) {
            if try hiding.hidePack(id: id) { hidden += 1 }
        }
        return hidden
    }
}
