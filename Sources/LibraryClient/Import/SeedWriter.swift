import CatalogFormat
import Foundation
import GRDB

/// Writes a validated seed into the database inside the caller's transaction: upserts dimension
/// values, items, playlist references, packs, memberships and tags; creates `pack_state` for new
/// packs only; hides what the seed no longer lists. It never touches `pack_state` of a known
/// pack, `local_asset` or `item_local_audio`, so installed packs survive updates.
struct SeedWriter {
    let seed: Seed
    let file: String
    let now: String
    var timer: PhaseTimer? = nil
    /// Given on a first import: receives the rows to build the facet index from while SQLite finishes.
    var prebuild: FacetIndexPrebuild? = nil

    func write(_ db: Database) throws -> ImportSummary {
        let existing = try ExistingCatalog(db)
        let fresh = existing.isEmpty
        var dimensions = try DimensionIDs(db, vocabularies: seed.vocabularies)
        let deferred = fresh ? try DeferredIndexes.drop(db) : nil
        timer?.mark("existing catalog read, indexes dropped")
        let bulk = try BulkStatements(db, deferPackItems: fresh)
        var summary = ImportSummary(didWrite: true)
        var nextNumber = existing.maxItemNumber + 1
        var searchRefresh: [(number: Int64, item: DesiredItem)] = []

        var packTitleChanged = Set<String>()
        for pack in seed.packs {
            let old = existing.packs[pack.id]
            if try writePack(pack, over: old, path: path(ofPack: pack.id), db, &summary) {
                packTitleChanged.insert(pack.id)
            }
        }

        timer?.mark("packs written")
        var desired = try desiredItems(&dimensions, db)
        timer?.mark("desired items (tag ids)")
        if fresh {
            // Number items in seed order, insert them in id order: primary-key B-trees then grow at the end.
            for i in desired.indices { desired[i].number = nextNumber + Int64(i) }
            desired.sort { $0.id < $1.id }
        }
        for item in desired {
            if let old = existing.items[item.id] {
                let searchChanged = try updateItem(
                    item, over: old, oldTags: existing.tagSignature(number: old.number),
                    packTitleChanged: packTitleChanged, bulk, db, &summary)
                if searchChanged { searchRefresh.append((old.number, item)) }
            } else {
                let number = item.number ?? nextNumber
                try insertItem(item, number: number, bulk, db)
                try insertTags(of: item, bulk)
                if !fresh { searchRefresh.append((number, item)) }
                nextNumber = max(nextNumber, number) + 1
                summary.inserted += 1
            }
        }

        try bulk.flush()
        try SoundFigureWriter.write(seed, db)
        if fresh, let prebuild {
            prebuild.start(
                desired.map { FacetIndexPrebuild.Item(number: UInt32($0.number ?? 0), kind: $0.kind, tags: $0.tags) })
        }
        timer?.mark("items and tags written")
        summary.hidden = try hideMissing(existing, db)
        if fresh {
            // The rows are in: a smaller page cache now (the dirty pages go to the WAL), since
            // building each index sorts in up to the page cache's size of memory again.
            try Self.finishBulkLoad(deferred, db)
            timer?.mark("indexes recreated, search table written")
        } else {
            for (number, item) in searchRefresh { try refreshSearch(number: number, item: item, db) }
        }
        timer?.mark("search index written")
        let takesChanged = try ItemPlaybackWriter(seed: seed).write(db)
        if summary.hasChanges || takesChanged { try CatalogStateRecord.bumpGeneration(db) }
        return summary
    }

    /// After a bulk load into empty tables: a smaller page cache (each sort holds up to the
    /// cache's size in memory per thread) and two sorting threads (SQLite's `PRAGMA threads`:
    /// the ORDER BY of the staged rows and each CREATE INDEX sort on both cores; measured by
    /// soundshelf-bench sync), the staged rows moved in key order, the dropped indexes back, and
    /// the FTS5 table filled in one pass. ``AppDatabase/bulkWrite(_:)`` sets both back.
    static func finishBulkLoad(_ deferred: DeferredIndexes?, staged: StagedTables? = nil, _ db: Database) throws {
        // Raw SQL: a PRAGMA has no query-interface form.
        try db.execute(sql: "PRAGMA cache_size = -16384; PRAGMA threads = 2")
        try staged?.move(db)
        try deferred?.restore(db)
        PhaseTimer.current?.mark("secondary indexes recreated")
        // Raw SQL: one INSERT … SELECT fills the FTS5 table (measured by soundshelf-bench sync), in
        // rowid order: FTS5 flushes its pending terms whenever a rowid goes down, so rows taken in
        // another order (the whole-seed path inserts by id) would write a segment per row.
        try db.execute(
            sql: """
                INSERT INTO library_item_search(rowid, title, subtitle, pack_title, ucs)
                SELECT li.item_number, li.title, li.subtitle, p.title, li.ucs
                FROM library_item li LEFT JOIN pack_item pi ON pi.item_id = li.id LEFT JOIN pack p ON p.id = pi.pack_id
                ORDER BY li.item_number
                """)
    }

    // MARK: - Desired state

    private func desiredItems(_ dimensions: inout DimensionIDs, _ db: Database) throws -> [DesiredItem] {
        var result: [DesiredItem] = []
        result.reserveCapacity(seed.music.count + seed.packs.reduce(0) { $0 + $1.items.count })
        for (i, entry) in seed.music.enumerated() {
            result.append(
                DesiredItem(
                    id: entry.id, kind: .music, title: entry.title, subtitle: entry.subtitle,
                    duration: entry.duration, artworkURL: entry.artworkURL, packId: nil, packTitle: nil,
                    sortOrder: 0, playlistId: entry.appleMusicPlaylistId, spotifyPlaylistId: entry.spotifyPlaylistId,
                    tags: try dimensions.ids(for: entry.tags, kind: .music, db), origin: .music(i)))
        }
        for (p, pack) in seed.packs.enumerated() {
            for (i, item) in pack.items.enumerated() {
                result.append(
                    DesiredItem(
                        id: item.id, kind: pack.kind, title: item.title, subtitle: item.subtitle,
                        duration: item.duration, artworkURL: nil, packId: pack.id, packTitle: pack.title,
                        sortOrder: item.sortOrder, playlistId: nil, ucs: item.ucs,
                        tags: try dimensions.ids(for: item.tags, kind: pack.kind, db),
                        origin: .packItem(p, i)))
            }
        }
        return result
    }

    private func path(ofPack id: String) -> String {
        "$.packs[\(seed.packs.firstIndex { $0.id == id } ?? 0)]"
    }

    func kindChange(_ id: String, _ old: String, _ new: String, path: String) -> Diagnostic {
        Diagnostic(
            .error, "id \(id) was \(old) and is now \(new); an id never changes kind, so the catalog must use a new id",
            file: file, path: "\(path).kind")
    }
}
