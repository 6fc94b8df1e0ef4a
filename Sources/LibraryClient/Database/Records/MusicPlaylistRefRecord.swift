import GRDB

/// A row of `music_playlist_ref`: the service playlists a music item of the catalog stands for.
///
/// ```swift
/// let playlist = try MusicPlaylistRefRecord.fetchOne(db, key: itemID)?.appleMusicPlaylistID
/// ```
package struct MusicPlaylistRefRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns
{
    package static let databaseTableName = "music_playlist_ref"
    package static let capitalizedWords = ["ID"]

    package var itemID: String
    package var appleMusicPlaylistID: String
    package var spotifyPlaylistID: String?
    package var lastSyncAt: String?
    package var useSnapshot: Bool

    package enum Columns {
        package static let itemID = Column("item_id")
        package static let appleMusicPlaylistID = Column("apple_music_playlist_id")
        package static let spotifyPlaylistID = Column("spotify_playlist_id")
        package static let lastSyncAt = Column("last_sync_at")
        package static let useSnapshot = Column("use_snapshot")
    }
}

extension LibraryItemRecord {
    /// The playlist ref of a music item (`music_playlist_ref.item_id`).
    static let playlistRef = hasOne(MusicPlaylistRefRecord.self).forKey("playlistRef")
}
