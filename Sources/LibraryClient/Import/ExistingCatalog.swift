import CatalogFormat
import GRDB

/// What the database holds before an update: items, packs, memberships, tags and playlist
/// references, keyed by id, so the writer can tell new from changed from unchanged.
struct ExistingCatalog {
    struct Item {
        var number: Int64
        var kind: String
        var title: String
        var subtitle: String?
        var duration: Double?
        var artworkURL: String?
        var visible: Bool
        var packId: String?
        var sortOrder: Int?
        var playlistId: String?
        var spotifyPlaylistId: String?
        var ucs: String? = nil
    }

    struct Pack: Equatable {
        var kind: String
        var title: String
        var description: String?
        var artworkURL: String?
        var version: Int
        var manifestURL: String
        var slug: String?
        var visible: Bool
    }

    var items: [String: Item] = [:]
    var packs: [String: Pack] = [:]
    /// Tag signatures (see ``TagSignature``) indexed by item number: compact, one array per item.
    var tagSignatures: [[Int64]] = []
    var maxItemNumber: Int64 = 0

    var isEmpty: Bool { items.isEmpty && packs.isEmpty }

    init(_ db: Database) throws {
        // Raw SQL: one pass over every item (a million at 1M items) with its membership and
        // playlist, read at positions found by name once (ColumnPositions); no record per row.
        let itemStatement = try db.makeStatement(
            sql: """
                SELECT li.id, li.item_number, li.kind, li.title, li.subtitle, li.duration, li.artwork_url, li.is_visible,
                       pi.pack_id, pi.sort_order, mr.apple_music_playlist_id, mr.spotify_playlist_id, li.ucs
                FROM library_item li
                LEFT JOIN pack_item pi ON pi.item_id = li.id
                LEFT JOIN music_playlist_ref mr ON mr.item_id = li.id
                """)
        let i = try ItemColumns(ColumnPositions(itemStatement))
        let itemRows = try Row.fetchCursor(itemStatement)
        while let row = try itemRows.next() {
            let number: Int64 = row[i.number] ?? 0
            maxItemNumber = max(maxItemNumber, number)
            items[row[i.id]] = Item(
                number: number, kind: row[i.kind], title: row[i.title], subtitle: row[i.subtitle],
                duration: row[i.duration], artworkURL: row[i.artworkURL], visible: row[i.visible],
                packId: row[i.packID], sortOrder: row[i.sortOrder], playlistId: row[i.playlistID],
                spotifyPlaylistId: row[i.spotifyPlaylistID], ucs: row[i.ucs])
        }
        let packRows = try PackRecord.fetchCursor(db)
        while let pack = try packRows.next() {
            packs[pack.id] = Pack(
                kind: pack.kind.rawValue, title: pack.title, description: pack.description,
                artworkURL: pack.artworkURL, version: pack.version,
                manifestURL: pack.manifestURL, slug: pack.slug, visible: pack.isVisible)
        }
        tagSignatures = Array(repeating: [], count: Int(maxItemNumber) + 1)
        for dim in TagDimension.allCases {
            // Raw SQL: the join table is chosen per dimension at run time (six tables of one shape, no record each).
            let statement = try db.makeStatement(
                sql: """
                    SELECT li.item_number, j.\(dim.joinColumn) AS value_id
                    FROM \(dim.joinTable) j JOIN library_item li ON li.id = j.item_id
                    """)
            let column = ColumnPositions(statement)
            let (numberColumn, valueColumn) = try (column["item_number"], column["value_id"])
            let rows = try Row.fetchCursor(statement)
            while let row = try rows.next() {
                guard let number: Int64 = row[numberColumn], number >= 0, number < tagSignatures.count else { continue }
                tagSignatures[Int(number)].append(TagSignature.element(dim, row[valueColumn]))
            }
        }
        for i in tagSignatures.indices where tagSignatures[i].count > 1 { tagSignatures[i].sort() }
    }

    /// The stored tag signature of an item.
    func tagSignature(number: Int64) -> [Int64] {
        number >= 0 && number < tagSignatures.count ? tagSignatures[Int(number)] : []
    }
}

/// The positions of the item snapshot's columns, by name.
private struct ItemColumns {
    let id, number, kind, title, subtitle, duration, artworkURL, visible, packID, sortOrder, playlistID: Int
    let spotifyPlaylistID, ucs: Int

    init(_ column: ColumnPositions) throws {
        (id, number, kind, title) = try (column["id"], column["item_number"], column["kind"], column["title"])
        (subtitle, duration, artworkURL) = try (column["subtitle"], column["duration"], column["artwork_url"])
        (visible, packID, sortOrder) = try (column["is_visible"], column["pack_id"], column["sort_order"])
        (playlistID, spotifyPlaylistID) = try (column["apple_music_playlist_id"], column["spotify_playlist_id"])
        ucs = try column["ucs"]
    }
}
