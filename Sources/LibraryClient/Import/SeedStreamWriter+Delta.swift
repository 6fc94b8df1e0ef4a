import CatalogFormat
import GRDB

extension SeedStreamWriter {
    /// Ends an update that a delta drove (only the changed entries were placed): the items and
    /// music entries it removes and its removed packs are hidden, the items of each changed pack
    /// that did not change themselves take their new positions, and the generation is bumped
    /// when anything changed.
    mutating func finishDelta(_ delta: CatalogDelta) throws -> ImportSummary {
        guard let bulk, let update else { throw SeedStreamError.unsure }
        try bulk.flush()
        var moved = 0
        for pack in delta.packs {
            moved += try update.reorder(pack: pack.id, itemIDs: pack.itemIDs, now: rows.now)
        }
        summary.updated += moved
        summary.hidden = try update.hide(items: delta.removed, packs: delta.removedPacks, now: rows.now)
        if summary.hasChanges || update.takesChanged { try CatalogStateRecord.bumpGeneration(db) }
        return summary
    }
}

extension SeedStreamUpdate {
    /// Gives each of `itemIDs` (a pack's items in order) its position where it differs; returns
    /// how many moved.
    func reorder(pack: String, itemIDs: [String], now: String) throws -> Int {
        // Raw SQL: one statement prepared once and run for each item of a changed pack.
        let move = try db.cachedStatement(
            sql: "UPDATE pack_item SET sort_order = ? WHERE pack_id = ? AND item_id = ? AND sort_order <> ?")
        let touch = try db.cachedStatement(sql: "UPDATE library_item SET updated_at = ? WHERE id = ?")
        var moved = 0
        for (position, id) in itemIDs.enumerated() {
            let canonical = CanonicalID.parse(id) ?? id
            try move.execute(arguments: [position, pack, canonical, position])
            if db.changesCount > 0 {
                try touch.execute(arguments: [now, canonical])
                moved += 1
            }
        }
        return moved
    }

    /// Hides the visible `items` and `packs` and drops the items' sound figures (as a full update
    /// does for what the seed no longer lists); returns how many were hidden.
    func hide(items: [String], packs: [String], now: String) throws -> Int {
        // Raw SQL: statements prepared once and run for each removed entry.
        let hideItem = try db.cachedStatement(
            sql: "UPDATE library_item SET is_visible = 0, updated_at = ? WHERE id = ? AND is_visible = 1")
        let dropSound = try db.cachedStatement(sql: "DELETE FROM item_sound WHERE item_id = ?")
        let hidePack = try db.cachedStatement(sql: "UPDATE pack SET is_visible = 0 WHERE id = ? AND is_visible = 1")
        var hidden = 0
        for id in items {
            let canonical = CanonicalID.parse(id) ?? id
            try hideItem.execute(arguments: [now, canonical])
            hidden += db.changesCount
            try dropSound.execute(arguments: [canonical])
        }
        for id in packs {
            try hidePack.execute(arguments: [CanonicalID.parse(id) ?? id])
            hidden += db.changesCount
        }
        return hidden
    }
}
