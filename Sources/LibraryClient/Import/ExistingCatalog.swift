import CatalogModel
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
        let itemRows = try Row.fetchCursor(db, sql: """
            SELECT li.id, li.item_number, li.kind, li.title, li.subtitle, li.duration, li.artwork_url, li.is_visible,
                   pi.pack_id, pi.sort_order, mr.apple_music_playlist_id, mr.spotify_playlist_id
            FROM library_item li
            LEFT JOIN pack_item pi ON pi.item_id = li.id
            LEFT JOIN music_playlist_ref mr ON mr.item_id = li.id
            """)
        while let row = try itemRows.next() {
            let number: Int64 = row[1] ?? 0
            maxItemNumber = max(maxItemNumber, number)
            items[row[0]] = Item(number: number, kind: row[2], title: row[3], subtitle: row[4], duration: row[5],
                                 artworkURL: row[6], visible: row[7], packId: row[8], sortOrder: row[9], playlistId: row[10],
                                 spotifyPlaylistId: row["spotify_playlist_id"])
        }
        let packRows = try Row.fetchCursor(db, sql: """
            SELECT id, kind, title, description, artwork_url, version, manifest_url, slug, is_visible FROM pack
            """)
        while let row = try packRows.next() {
            packs[row[0]] = Pack(kind: row[1], title: row[2], description: row[3], artworkURL: row[4], version: row[5],
                                 manifestURL: row[6], slug: row[7], visible: row[8])
        }
        tagSignatures = Array(repeating: [], count: Int(maxItemNumber) + 1)
        for dim in TagDimension.allCases {
            let rows = try Row.fetchCursor(db, sql: """
                SELECT li.item_number, j.\(dim.joinColumn) FROM \(dim.joinTable) j JOIN library_item li ON li.id = j.item_id
                """)
            while let row = try rows.next() {
                guard let number: Int64 = row[0], number >= 0, number < tagSignatures.count else { continue }
                tagSignatures[Int(number)].append(TagSignature.element(dim, row[1]))
            }
        }
        for i in tagSignatures.indices where tagSignatures[i].count > 1 { tagSignatures[i].sort() }
    }

    /// The stored tag signature of an item.
    func tagSignature(number: Int64) -> [Int64] {
        number >= 0 && number < tagSignatures.count ? tagSignatures[Int(number)] : []
    }
}
