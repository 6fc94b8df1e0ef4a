import GRDB

/// A row of `music_playlist_ref`: the Apple Music (and Spotify) playlist behind a music item.
///
/// ```swift
/// let ref = try MusicPlaylistRefRecord.fetchOne(db, key: itemId)
/// ref?.appleMusicPlaylistId   // "pl.u-abc123"
/// ```
package struct MusicPlaylistRefRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "music_playlist_ref"

    package var itemId: String
    package var appleMusicPlaylistId: String
    package var lastSyncAt: String?
    package var useSnapshot: Bool
    /// The entry's Spotify playlist, when it has one.
    package var spotifyPlaylistId: String?

    package enum CodingKeys: String, CodingKey {
        case itemId = "item_id"
        case appleMusicPlaylistId = "apple_music_playlist_id"
        case lastSyncAt = "last_sync_at"
        case useSnapshot = "use_snapshot"
        case spotifyPlaylistId = "spotify_playlist_id"
    }

    package enum Columns {
        package static let itemId = Column(CodingKeys.itemId)
        package static let appleMusicPlaylistId = Column(CodingKeys.appleMusicPlaylistId)
        package static let lastSyncAt = Column(CodingKeys.lastSyncAt)
        package static let useSnapshot = Column(CodingKeys.useSnapshot)
        package static let spotifyPlaylistId = Column(CodingKeys.spotifyPlaylistId)
    }
}
