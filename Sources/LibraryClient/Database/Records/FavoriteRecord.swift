import GRDB

/// A row of `favorite`: an item the user marked, when, and its place in the newest-first order
/// (a higher `sequence` is newer). Only ``FavoritesRepository`` writes it.
///
/// ```swift
/// let newest = try FavoriteRecord.order(FavoriteRecord.Columns.sequence.desc).fetchOne(db)
/// ```
package struct FavoriteRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "favorite"

    package var itemID: String
    package var favoritedAt: String
    package var sequence: Int64

    package enum CodingKeys: String, CodingKey {
        case itemID = "item_id"
        case favoritedAt = "favorited_at"
        case sequence
    }

    package enum Columns {
        package static let itemID = Column(CodingKeys.itemID)
        package static let favoritedAt = Column(CodingKeys.favoritedAt)
        package static let sequence = Column(CodingKeys.sequence)
    }
}
