import GRDB

/// A row of `music_track_cache`: cached metadata of one Apple Music track.
///
/// ```swift
/// let track = try MusicTrackCacheRecord.fetchOne(db, key: "i.abc")
/// ```
public struct MusicTrackCacheRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "music_track_cache"

    public var trackId: String
    public var title: String
    public var artist: String
    public var album: String?
    public var duration: Double?
    public var artworkURL: String?
    public var lastSeenAt: String

    public enum CodingKeys: String, CodingKey {
        case trackId = "track_id", title, artist, album, duration
        case artworkURL = "artwork_url", lastSeenAt = "last_seen_at"
    }

    public enum Columns {
        public static let trackId = Column(CodingKeys.trackId)
        public static let title = Column(CodingKeys.title)
        public static let artist = Column(CodingKeys.artist)
        public static let album = Column(CodingKeys.album)
        public static let duration = Column(CodingKeys.duration)
        public static let artworkURL = Column(CodingKeys.artworkURL)
        public static let lastSeenAt = Column(CodingKeys.lastSeenAt)
    }
}
