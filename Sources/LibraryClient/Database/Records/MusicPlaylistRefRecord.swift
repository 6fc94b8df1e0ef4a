import GRDB

/// A row of `music_playlist_ref`: the service playlists a music item of the catalog stands for.
///
/// ```swift
/// let playlist = try MusicPlaylistRefRecord.fetchOne(db, key: itemID)?.appleMusicPlaylistID
/// ```
package struct MusicPlaylistRefRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "music_playlist_ref"

    package var itemID: String
    package var appleMusicPlaylistID: String
    package var spotifyPlaylistID: String?
    package var lastSyncAt: String?
    package var useSnapshot: Bool

    package enum CodingKeys: String, CodingKey {
        case itemID = "item_id"
        case appleMusicPlaylistID = "apple_music_playlist_id"
        case spotifyPlaylistID = "spotify_playlist_id"
        case lastSyncAt = "last_sync_at"
        case useSnapshot = "use_snapshot"
    }

    package enum Columns {
        package static let itemID = Column(CodingKeys.itemID)
        package static let appleMusicPlaylistID = Column(CodingKeys.appleMusicPlaylistID)
        package static let spotifyPlaylistID = Column(CodingKeys.spotifyPlaylistID)
        package static let lastSyncAt = Column(CodingKeys.lastSyncAt)
        package static let useSnapshot = Column(CodingKeys.useSnapshot)
    }
}

extension LibraryItemRecord {
    /// The playlist ref of a music item (`music_playlist_ref.item_id`).
    static let playlistRef = hasOne(MusicPlaylistRefRecord.self).forKey("playlistRef")
}
