import CatalogFormat
import GRDB

/// The statements of the hot loops, prepared once per import.
struct BulkStatements {
    let insertItem: BulkStatement
    let upsertPackItem: BulkStatement
    /// Join rows, many per statement: ``flush()`` before reading the join tables.
    let insertTag: [TagDimension: BatchedPairInsert]
    /// On a first import, pack_item rows wait here and go in in primary-key order at ``flush()``:
    /// the key's B-tree then grows at its end instead of taking each row at a random place.
    let packItems: PackItemBuffer?

    /// `staged`: join rows go to the staging tables (a first streamed import).
    init(_ db: Database, deferPackItems: Bool = false, staged: StagedTables? = nil) throws {
        // Raw SQL through the C API: both run once per item of an import (a million at 1M items,
        // measured by soundshelf-bench sync); the second is an UPSERT of one column.
        insertItem = try BulkStatement(
            db,
            """
            INSERT INTO library_item(id, kind, title, subtitle, duration, artwork_url, is_visible, created_at, updated_at, item_number, ucs)
            VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
            """)
        upsertPackItem = try BulkStatement(
            db,
            """
            INSERT INTO pack_item(pack_id, item_id, sort_order) VALUES (?, ?, ?)
            ON CONFLICT(pack_id, item_id) DO UPDATE SET sort_order = excluded.sort_order
            """)
        var tags: [TagDimension: BatchedPairInsert] = [:]
        for dim in TagDimension.allCases {
            tags[dim] = try BatchedPairInsert(
                db, table: staged?.name(of: dim.joinTable) ?? dim.joinTable, columns: ("item_id", dim.joinColumn))
        }
        insertTag = tags
        packItems = deferPackItems ? PackItemBuffer() : nil
    }

    /// Writes the rows still buffered.
    func flush() throws {
        for batch in insertTag.values { try batch.flush() }
        guard let packItems else { return }
        packItems.rows.sort { $0.packId != $1.packId ? $0.packId < $1.packId : $0.itemId < $1.itemId }
        for row in packItems.rows {
            try upsertPackItem.run {
                $0.bind(1, row.packId)
                $0.bind(2, row.itemId)
                $0.bind(3, row.sortOrder)
            }
        }
        packItems.rows = []
    }
}

/// pack_item rows waiting for ``BulkStatements/flush()``.
final class PackItemBuffer {
    var rows: [(packId: String, itemId: String, sortOrder: Int)] = []
}

/// The row-level statements of ``SeedWriter``, all through cached prepared statements.
extension SeedWriter {
    func writePack(_ pack: Seed.Pack, _ db: Database, insert: Bool) throws {
        // Raw SQL: the import writes packs through statements prepared once (PackRecord reads them).
        // A slug may move between packs in one update: free it first.
        try db.cachedStatement(sql: "UPDATE pack SET slug = NULL WHERE slug = ? AND id <> ?")
            .execute(arguments: [pack.slug, pack.id])
        if insert {
            try db.cachedStatement(
                sql: """
                    INSERT INTO pack(id, kind, title, description, artwork_url, version, manifest_url, created_at, slug, is_visible)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
                    """
            ).execute(arguments: [
                pack.id, pack.kind.rawValue, pack.title, pack.description, pack.artworkURL,
                pack.version, pack.manifestURL, now, pack.slug,
            ])
            // Raw SQL: ON CONFLICT(pack_id) DO NOTHING keeps an existing state (GRDB's insert with
            // .ignore, INSERT OR IGNORE, would also hide any other constraint failure).
            try db.cachedStatement(
                sql: """
                    INSERT INTO pack_state(pack_id, state, updated_at) VALUES (?, 'not_downloaded', ?)
                    ON CONFLICT(pack_id) DO NOTHING
                    """
            ).execute(arguments: [pack.id, now])
        } else {
            try db.cachedStatement(
                sql: """
                    UPDATE pack SET title = ?, description = ?, artwork_url = ?, version = ?, manifest_url = ?, slug = ?,
                    is_visible = 1 WHERE id = ?
                    """
            ).execute(arguments: [
                pack.title, pack.description, pack.artworkURL, pack.version, pack.manifestURL,
                pack.slug, pack.id,
            ])
        }
    }

    func insertItem(_ item: DesiredItem, number: Int64, _ bulk: BulkStatements, _ db: Database) throws {
        try bulk.insertItem.run {
            $0.bind(1, item.id)
            $0.bind(2, item.kind.rawValue)
            $0.bind(3, item.title)
            $0.bind(4, item.subtitle)
            $0.bind(5, item.duration)
            $0.bind(6, item.artworkURL)
            $0.bind(7, now)
            $0.bind(8, now)
            $0.bind(9, number)
            $0.bind(10, item.ucs)
        }
        try writeMembership(item, bulk, db)
    }

    func updateItem(_ item: DesiredItem, old: ExistingCatalog.Item, _ bulk: BulkStatements, _ db: Database) throws {
        // Raw SQL: cached statements run for each changed item of an update; the query interface's
        // updateAll and deleteAll would build and prepare theirs again for each item.
        try db.cachedStatement(
            sql: """
                UPDATE library_item SET title = ?, subtitle = ?, duration = ?, artwork_url = ?, is_visible = 1, updated_at = ?,
                ucs = ? WHERE id = ?
                """
        ).execute(arguments: [item.title, item.subtitle, item.duration, item.artworkURL, now, item.ucs, item.id])
        if old.packId != nil, old.packId != item.packId {
            try db.cachedStatement(sql: "DELETE FROM pack_item WHERE item_id = ?").execute(arguments: [item.id])
        }
        try writeMembership(item, bulk, db)
    }

    /// pack_item (upserting the sort order) or music_playlist_ref.
    private func writeMembership(_ item: DesiredItem, _ bulk: BulkStatements, _ db: Database) throws {
        if let packId = item.packId {
            if let buffer = bulk.packItems {
                buffer.rows.append((packId, item.id, item.sortOrder))
            } else {
                try bulk.upsertPackItem.run {
                    $0.bind(1, packId)
                    $0.bind(2, item.id)
                    $0.bind(3, item.sortOrder)
                }
            }
        }
        if let playlist = item.playlistId {
            // Raw SQL: cached statements run for each music entry; the last is an UPSERT of the two
            // playlist ids that keeps the row's other columns (a record's upsert would write them all).
            // A playlist id may move from a hidden or renumbered entry to this one: free it first.
            try db.cachedStatement(
                sql: "DELETE FROM music_playlist_ref WHERE apple_music_playlist_id = ? AND item_id <> ?"
            )
            .execute(arguments: [playlist, item.id])
            if let spotify = item.spotifyPlaylistId {
                try db.cachedStatement(
                    sql:
                        "UPDATE music_playlist_ref SET spotify_playlist_id = NULL WHERE spotify_playlist_id = ? AND item_id <> ?"
                )
                .execute(arguments: [spotify, item.id])
            }
            try db.cachedStatement(
                sql: """
                    INSERT INTO music_playlist_ref(item_id, apple_music_playlist_id, spotify_playlist_id) VALUES (?, ?, ?)
                    ON CONFLICT(item_id) DO UPDATE SET apple_music_playlist_id = excluded.apple_music_playlist_id,
                      spotify_playlist_id = excluded.spotify_playlist_id
                    """
            ).execute(arguments: [item.id, playlist, item.spotifyPlaylistId])
        }
    }

    func insertTags(of item: DesiredItem, _ bulk: BulkStatements) throws {
        for (dim, ids) in item.tags {
            guard let rows = bulk.insertTag[dim] else { continue }
            for id in ids { try rows.add(item.id, id) }
        }
    }

    func replaceTags(of item: DesiredItem, _ bulk: BulkStatements, _ db: Database) throws {
        for dim in TagDimension.allCases {
            // Raw SQL: the join table is chosen per dimension at run time (six tables of one shape, no record each).
            try db.cachedStatement(sql: "DELETE FROM \(dim.joinTable) WHERE item_id = ?").execute(arguments: [item.id])
        }
        try insertTags(of: item, bulk)
    }

    /// Sets `is_visible = 0` on items and packs the seed no longer lists; returns how many.
    func hideMissing(_ existing: ExistingCatalog, _ db: Database) throws -> Int {
        var listedItems = Set<String>(seed.music.map(\.id))
        for pack in seed.packs { for item in pack.items { listedItems.insert(item.id) } }
        let listedPacks = Set(seed.packs.map(\.id))
        var hidden = 0
        let hiding = try UnlistedHiding(db, now: now)
        for (id, item) in existing.items where item.visible && !listedItems.contains(id) {
            if try hiding.hideItem(id: id) { hidden += 1 }
        }
        for (id, pack) in existing.packs where pack.visible && !listedPacks.contains(id) {
            if try hiding.hidePack(id: id) { hidden += 1 }
        }
        return hidden
    }

    func refreshSearch(number: Int64, item: DesiredItem, _ db: Database) throws {
        // Raw SQL: the FTS5 table has no record; its rows are keyed by rowid (the item number).
        try db.cachedStatement(sql: "DELETE FROM library_item_search WHERE rowid = ?").execute(arguments: [number])
        try db.cachedStatement(
            sql: "INSERT INTO library_item_search(rowid, title, subtitle, pack_title, ucs) VALUES (?, ?, ?, ?, ?)"
        )
        .execute(arguments: [number, item.title, item.subtitle, item.packTitle, item.ucs])
    }
}
