import GRDB

/// A row of `favorite`: an item the user marked, when, and its place in the newest-first order
/// (a higher `sequence` is newer). Only ``FavoritesRepository`` writes it.
///
/// ```swift
/// let newest = try FavoriteRecord.order(FavoriteRecord.Columns.sequence.desc).fetchOne(db)
/// ```
package struct FavoriteRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "favorite"
    package static let capitalizedWords = ["ID"]

    package var itemID: String
    package var favoritedAt: String
    package var sequence: Int64

    package enum Columns {
        package static let itemID = Column("item_id")
        package static let favoritedAt = Column("favorited_at")
        package static let sequence = Column("sequence")
    }
}
