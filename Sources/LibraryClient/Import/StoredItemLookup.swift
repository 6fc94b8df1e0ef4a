import CatalogFormat
import GRDB

/// The stored rows of one item or pack, read by id while a streamed update compares each parsed
/// entry with what the database holds (see ``SeedStreamUpdate``). Every read is one prepared
/// statement, so nothing is kept per item.
///
/// ```swift
/// let stored = try StoredItemLookup(db)
/// if let (old, extras) = try stored.item("sfx-0001") { … old.title, extras.sound … }
/// ```
struct StoredItemLookup {
    /// An item's optional rows, as stored.
    struct Extras {
        var sound: ItemSoundRecord?
        var credits: ItemAttributionRecord?
        var playback: ItemPlaybackRecord?
    }

    private let itemStatement: BulkStatement
    private let tagStatement: BulkStatement
    private let packStatement: Statement

    init(_ db: Database) throws {
        // Raw SQL through the C API (this runs once per entry of an update: a million at 1M
        // items): the row, its membership, playlist, sound figures, credits and playback rules in
        // one read, about half the time of a GRDB row and three record fetches.
        itemStatement = try BulkStatement(
            db,
            """
            SELECT li.item_number, li.kind, li.title, li.subtitle, li.duration, li.artwork_url, li.is_visible,
                   pi.pack_id, pi.sort_order, mr.apple_music_playlist_id, mr.spotify_playlist_id,
                   s.item_id, s.integrated, s.loudness_range, s.true_peak, s.momentary_max, s.loop_start, s.loop_end,
                   s.peaks, a.item_id, a.license, a.credits, a.source, p.item_id, p.takes, p.playback, li.ucs
            FROM library_item li
            LEFT JOIN pack_item pi ON pi.item_id = li.id
            LEFT JOIN music_playlist_ref mr ON mr.item_id = li.id
            LEFT JOIN item_sound s ON s.item_id = li.id
            LEFT JOIN item_attribution a ON a.item_id = li.id
            LEFT JOIN item_playback p ON p.item_id = li.id
            WHERE li.id = ?
            """)
        // Every dimension's join rows of one item in one read.
        tagStatement = try BulkStatement(db, FacetIndexLoader.itemTagsSQL)
        // Raw SQL: prepared once, run for each pack of an update (a record fetch prepares its statement each time).
        packStatement = try db.makeStatement(
            sql: """
                SELECT kind, title, description, artwork_url, version, manifest_url, slug, is_visible FROM pack WHERE id = ?
                """)
    }

    /// The stored item `id` and its optional rows, or nil when the database has none.
    func item(_ id: String) throws -> (item: ExistingCatalog.Item, extras: Extras)? {
        var found: (ExistingCatalog.Item, Extras)?
        try itemStatement.query({ $0.bind(1, id) }) { row in
            guard found == nil else { return }
            let item = ExistingCatalog.Item(
                number: row.int64(0) ?? 0, kind: row.text(1) ?? "", title: row.text(2) ?? "", subtitle: row.text(3),
                duration: row.double(4), artworkURL: row.text(5), visible: row.int64(6) != 0, packId: row.text(7),
                sortOrder: row.int64(8).map { Int($0) }, playlistId: row.text(9), spotifyPlaylistId: row.text(10),
                ucs: row.text(26))
            var extras = Extras()
            if let soundID = row.text(11) {
                extras.sound = ItemSoundRecord(
                    itemId: soundID, integrated: row.double(12), loudnessRange: row.double(13),
                    truePeak: row.double(14), momentaryMax: row.double(15), loopStart: row.int64(16),
                    loopEnd: row.int64(17), peaks: row.text(18))
            }
            if let creditsID = row.text(19) {
                extras.credits = ItemAttributionRecord(
                    itemID: creditsID, license: row.text(20), credits: row.text(21), source: row.text(22))
            }
            if let playbackID = row.text(23) {
                extras.playback = ItemPlaybackRecord(
                    itemId: playbackID, takes: Int(row.int64(24) ?? 1), playback: row.text(25))
            }
            found = (item, extras)
        }
        return found
    }

    /// The stored tags of item `id`, as a ``TagSignature``.
    func tagSignature(_ id: String) throws -> [Int64] {
        var signature: [Int64] = []
        try tagStatement.query({ $0.bind(1, id) }) { row in
            let dim = TagDimension.allCases[Int(row.int64(0) ?? 0)]
            signature.append(TagSignature.element(dim, row.int64(1) ?? 0))
        }
        return signature.sorted()
    }

    /// The stored pack `id`, or nil.
    func pack(_ id: String) throws -> ExistingCatalog.Pack? {
        guard let row = try Row.fetchOne(packStatement, arguments: [id]) else { return nil }
        return ExistingCatalog.Pack(
            kind: row["kind"], title: row["title"], description: row["description"], artworkURL: row["artwork_url"],
            version: row["version"], manifestURL: row["manifest_url"], slug: row["slug"], visible: row["is_visible"])
    }

}
