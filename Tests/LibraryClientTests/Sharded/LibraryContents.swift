import CatalogFormat
import Foundation
import GRDB

@testable import LibraryClient

/// What a user of a library can tell apart, independent of the order rows were written in: the
/// catalog's rows by id (tags by value name, search rows by item id), facet counts and the list
/// orders. Two libraries that followed the same versions compare equal however they were synced;
/// `visibleOnly` compares what a fresh sync of the last version has (hidden rows are kept by an
/// update, never made by a first import).
enum LibraryContents {
    static func of(_ library: Library, visibleOnly: Bool = false) async throws -> String {
        let shown = visibleOnly ? "li.is_visible = 1" : "1"
        var out = try await library.database.read { db in
            var out = ""
            func dump(_ title: String, _ sql: String) throws {
                out += "## \(title)\n"
                for row in try Row.fetchAll(db, sql: sql) { out += "\(row)\n" }
            }
            /// `table`'s rows whose item is shown, by `column`.
            func items(_ table: String, _ column: String = "item_id") -> String {
                "SELECT t.* FROM \(table) t JOIN library_item li ON li.id = t.\(column) WHERE \(shown) ORDER BY t.\(column)"
            }
            try dump(
                "items",
                "SELECT id, kind, title, subtitle, duration, artwork_url, is_visible, ucs FROM library_item li WHERE \(shown) ORDER BY id"
            )
            try dump(
                "packs",
                """
                SELECT id, kind, title, description, artwork_url, version, manifest_url, slug, is_visible FROM pack
                WHERE \(visibleOnly ? "is_visible = 1" : "1") ORDER BY id
                """)
            try dump(
                "pack items",
                """
                SELECT pack_id, item_id, sort_order FROM pack_item t JOIN library_item li ON li.id = t.item_id
                WHERE \(shown) ORDER BY pack_id, item_id
                """)
            try dump(
                "pack files",
                """
                SELECT f.* FROM pack_file f JOIN pack p ON p.id = f.pack_id
                WHERE \(visibleOnly ? "p.is_visible = 1" : "1") ORDER BY pack_id
                """)
            try dump("playlists", items("music_playlist_ref"))
            try dump("sound", items("item_sound"))
            try dump("credits", items("item_attribution"))
            try dump("playback", items("item_playback"))
            try dump("loudness targets", "SELECT * FROM loudness_target ORDER BY 1")
            for dimension in TagDimension.allCases {
                let table = dimension.table
                if !visibleOnly {
                    try dump("\(table) values", "SELECT name, sort_order FROM \(table) ORDER BY name")
                }
                try dump(
                    "\(table) tags",
                    """
                    SELECT t.item_id, v.name FROM item_\(table) t JOIN \(table) v ON v.id = t.\(table)_id
                    JOIN library_item li ON li.id = t.item_id WHERE \(shown) ORDER BY 1, 2
                    """)
            }
            try dump(
                "search",
                """
                SELECT li.id, s.title, s.subtitle, s.pack_title, s.ucs FROM library_item_search s
                JOIN library_item li ON li.item_number = s.rowid WHERE \(shown) ORDER BY li.id
                """)
            return out
        }
        for kind in Kind.allCases {
            let counts = try await library.facets.fetchFacetCounts(kind: kind)
            out += "## facets \(kind.rawValue): \(counts.total)\n"
            for dimension in TagDimension.allCases {
                for value in counts.facets[dimension] ?? [] {
                    out += "\(dimension.rawValue) \(value.name) \(value.count)\n"
                }
            }
            for sort in [ItemSort.title, .duration] {
                let ids = try await library.items.fetchItems(kind: kind, sort: sort).map(\.id)
                out += "## order \(kind.rawValue) by \(sort.rawValue)\n" + ids.joined(separator: "\n") + "\n"
            }
        }
        return out
    }
}
