import GRDB

/// A row of `music_playlist_ref`: the Apple Music (and Spotify) playlist behind a music item.
///
/// ```swift
/// let ref = try MusicPlaylistRefRecord.fetchOne(db, key: itemId)
/// ref?.appleMusicPlaylistId   // "pl.u-abc123"
/// ```
public struct MusicPlaylistRefRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "music_playlist_ref"

    public var itemId: String
    public var appleMusicPlaylistId: String
    public var lastSyncAt: String?
    public var useSnapshot: Bool
    /// The entry's Spotify playlist, when it has one.
    public var spotifyPlaylistId: String?

    public enum CodingKeys: String, CodingKey {
        case itemId = "item_id", appleMusicPlaylistId = "apple_music_playlist_id"
        case lastSyncAt = "last_sync_at", useSnapshot = "use_snapshot"
        case spotifyPlaylistId = "spotify_playlist_id"
    }

    public enum Columns {
        public static let itemId = Column(CodingKeys.itemId)
        public static let appleMusicPlaylistId = Column(CodingKeys.appleMusicPlaylistId)
        public static let lastSyncAt = Column(CodingKeys.lastSyncAt)
        public static let useSnapshot = Column(CodingKeys.useSnapshot)
        public static let spotifyPlaylistId = Column(CodingKeys.spotifyPlaylistId)
    }
}
