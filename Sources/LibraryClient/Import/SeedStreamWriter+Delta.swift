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
            guard let ids = pack.itemIDs, let sorts = pack.sortOrders else { continue }
            guard ids.count == sorts.count else {
                throw validator.fail(
                    "pack \(pack.id) lists \(ids.count) items and \(sorts.count) sort orders", "$.pack.sortOrders")
            }
            moved += try update.reorder(
                pack: CanonicalID.normalized(pack.id), items: zip(ids, sorts), now: rows.now)
        }
        summary.updated += moved
        for pack in delta.packs {
            let id = CanonicalID.normalized(pack.id)
            guard update.packTitleChanged.contains(id) else { continue }
            let placed = Set(delta.items.map { CanonicalID.normalized($0.item.id) })
            let listed = try pack.itemIDs?.map { CanonicalID.normalized($0) } ?? update.shownItems(ofPack: id)
            try update.retitleSearch(listed.filter { !placed.contains($0) })
        }
        summary.hidden = try update.hide(items: delta.removed, packs: delta.removedPacks, now: rows.now)
        if summary.hasChanges || update.takesChanged { try CatalogStateRecord.bumpGeneration(db) }
        return summary
    }
}

extension SeedStreamUpdate {
    /// Gives each of a pack's `items` its sort order where it differs; returns how many moved.
    func reorder(pack: String, items: some Sequence<(String, Int)>, now: String) throws -> Int {
        // Raw SQL: one statement prepared once and run for each item of a changed pack.
        let move = try db.cachedStatement(
            sql: "UPDATE pack_item SET sort_order = ? WHERE pack_id = ? AND item_id = ? AND sort_order <> ?")
        let touch = try db.cachedStatement(sql: "UPDATE library_item SET updated_at = ? WHERE id = ?")
        var moved = 0
        for (id, position) in items {
            let canonical = CanonicalID.normalized(id)
            try move.execute(arguments: [position, pack, canonical, position])
            if db.changesCount > 0 {
                try touch.execute(arguments: [now, canonical])
                moved += 1
            }
        }
        return moved
    }

    /// Writes the search rows of `items` again (unchanged items of a pack whose title changed:
    /// the search row carries the pack's title).
    func retitleSearch(_ items: [String]) throws {
        // Raw SQL: the FTS5 table has no record; the row is rewritten from the item's stored fields.
        let rewrite = try db.cachedStatement(
            sql: """
                INSERT INTO library_item_search(rowid, title, subtitle, pack_title, ucs)
                SELECT li.item_number, li.title, li.subtitle, p.title, li.ucs FROM library_item li
                JOIN pack_item pi ON pi.item_id = li.id JOIN pack p ON p.id = pi.pack_id WHERE li.id = ?
                """)
        let remove = try db.cachedStatement(
            sql: "DELETE FROM library_item_search WHERE rowid = (SELECT item_number FROM library_item WHERE id = ?)")
        for id in items {
            try remove.execute(arguments: [id])
            try rewrite.execute(arguments: [id])
        }
    }

    /// The shown items of a stored pack (a pack whose items did not change lists exactly these).
    func shownItems(ofPack id: String) throws -> [String] {
        // Raw SQL: a two-table join read once per renamed pack.
        try String.fetchAll(
            db,
            sql: """
                SELECT pi.item_id FROM pack_item pi JOIN library_item li ON li.id = pi.item_id
                WHERE pi.pack_id = ? AND li.is_visible = 1
                """, arguments: [id])
    }

    /// The kind and title of a stored pack.
    func storedPack(_ id: String) throws -> (kind: Kind, title: String)? {
        guard let pack = try PackRecord.fetchOne(db, key: id) else { return nil }
        return (pack.kind, pack.title)
    }

    /// Hides the visible `items` and `packs` and drops the items' sound figures (as a full update
    /// does for what the seed no longer lists); returns how many were hidden.
    func hide(items: [String], packs: [String], now: String) throws -> Int {
        let hiding = try UnlistedHiding(db, now: now)
        // Raw SQL: a statement prepared once and run for each removed item.
        let dropSound = try db.cachedStatement(sql: "DELETE FROM item_sound WHERE item_id = ?")
        var hidden = 0
        for id in items {
            let canonical = CanonicalID.normalized(id)
            if try hiding.hideItem(id: canonical) { hidden += 1 }
            try dropSound.execute(arguments: [canonical])
        }
        for id in packs {
            if try hiding.hidePack(id: CanonicalID.normalized(id)) { hidden += 1 }
        }
        return hidden
    }
}
