import CatalogFormat
import GRDB

/// The SQL pieces an item row uses for its takes: the take count and rule (`item_playback`,
/// absent for one take without a rule) and whether every take is installed (`item_take` rows
/// with an installed asset; counted only for items with more than one take).
///
/// ```swift
/// "SELECT \(ItemTakeQueries.columns) FROM library_item li \(ItemTakeQueries.join)"
/// ```
enum ItemTakeQueries {
    // Raw SQL: part of LibraryItemRow's SELECT list and joins, which the item lists embed as SQL text.
    static let columns = """
        COALESCE(ip.takes, 1) AS take_count, ip.playback AS playback,
        CASE WHEN ip.takes > 1 THEN (
          SELECT COUNT(*) FROM item_take it JOIN local_asset lt ON lt.id = it.asset_id
          WHERE it.item_id = li.id AND it.take < ip.takes AND lt.local_path IS NOT NULL
        ) >= ip.takes ELSE 1 END AS takes_installed
        """
    static let join = "LEFT JOIN item_playback ip ON ip.item_id = li.id"

    /// Whether every take of the row's item has an installed asset.
    static func allInstalled(_ row: Row) -> Bool { row["takes_installed"] ?? true }

    static func decode(_ row: Row) -> (Int, Playback?) {
        (max(row["take_count"] ?? 1, 1), ItemPlaybackRecord.decode(row["playback"]))
    }
}
