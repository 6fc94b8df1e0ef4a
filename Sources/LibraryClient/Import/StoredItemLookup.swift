import CatalogFormat
import GRDB

/// The stored rows of one item or pack, read by id while a streamed update compares each parsed
/// entry with what the database holds (see ``SeedStreamUpdate``). Every read is one prepared
/// statement, so nothing is kept per item.
///
/// ```swift
/// let stored = try StoredItemLookup(db)
/// if let old = try stored.item("sfx-0001") { … old.title, old.packId … }
/// ```
struct StoredItemLookup {
    private let db: Database
    private let itemStatement: Statement
    private let tagStatement: Statement
    private let packStatement: Statement
    private let soundStatement: Statement
    private let attributionStatement: Statement
    private let playbackStatement: Statement

    init(_ db: Database) throws {
        self.db = db
        // Raw SQL: the row, its membership and playlist in one read per item.
        itemStatement = try db.makeStatement(
            sql: """
                SELECT li.item_number, li.kind, li.title, li.subtitle, li.duration, li.artwork_url, li.is_visible,
                       pi.pack_id, pi.sort_order, mr.apple_music_playlist_id, mr.spotify_playlist_id
                FROM library_item li
                LEFT JOIN pack_item pi ON pi.item_id = li.id
                LEFT JOIN music_playlist_ref mr ON mr.item_id = li.id
                WHERE li.id = ?
                """)
        // Raw SQL: every dimension's join rows of one item in one read.
        tagStatement = try db.makeStatement(
            sql: TagDimension.allCases.enumerated().map { position, dim in
                "SELECT \(position), \(dim.joinColumn) FROM \(dim.joinTable) WHERE item_id = ?1"
            }.joined(separator: " UNION ALL "))
        packStatement = try db.makeStatement(
            sql: """
                SELECT kind, title, description, artwork_url, version, manifest_url, slug, is_visible FROM pack WHERE id = ?
                """)
        soundStatement = try db.makeStatement(sql: "SELECT * FROM item_sound WHERE item_id = ?")
        attributionStatement = try db.makeStatement(sql: "SELECT * FROM item_attribution WHERE item_id = ?")
        playbackStatement = try db.makeStatement(sql: "SELECT * FROM item_playback WHERE item_id = ?")
    }

    /// The stored item `id`, or nil when the database has none.
    func item(_ id: String) throws -> ExistingCatalog.Item? {
        guard let row = try Row.fetchOne(itemStatement, arguments: [id]) else { return nil }
        return ExistingCatalog.Item(
            number: row[0] ?? 0, kind: row[1], title: row[2], subtitle: row[3], duration: row[4], artworkURL: row[5],
            visible: row[6], packId: row[7], sortOrder: row[8], playlistId: row[9], spotifyPlaylistId: row[10])
    }

    /// The stored tags of item `id`, as a ``TagSignature``.
    func tagSignature(_ id: String) throws -> [Int64] {
        var signature: [Int64] = []
        let rows = try Row.fetchCursor(tagStatement, arguments: [id])
        while let row = try rows.next() {
            signature.append(TagSignature.element(TagDimension.allCases[row[0] as Int], row[1]))
        }
        return signature.sorted()
    }

    /// The stored pack `id`, or nil.
    func pack(_ id: String) throws -> ExistingCatalog.Pack? {
        guard let row = try Row.fetchOne(packStatement, arguments: [id]) else { return nil }
        return ExistingCatalog.Pack(
            kind: row[0], title: row[1], description: row[2], artworkURL: row[3], version: row[4],
            manifestURL: row[5], slug: row[6], visible: row[7])
    }

    func sound(_ id: String) throws -> ItemSoundRecord? {
        try ItemSoundRecord.fetchOne(soundStatement, arguments: [id])
    }

    func attribution(_ id: String) throws -> ItemAttributionRecord? {
        try ItemAttributionRecord.fetchOne(attributionStatement, arguments: [id])
    }

    func playback(_ id: String) throws -> ItemPlaybackRecord? {
        try ItemPlaybackRecord.fetchOne(playbackStatement, arguments: [id])
    }
}
