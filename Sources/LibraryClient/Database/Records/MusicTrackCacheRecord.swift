import GRDB

/// A row of `music_track_cache`: cached metadata of one Apple Music track.
///
/// ```swift
/// let track = try MusicTrackCacheRecord.fetchOne(db, key: "i.abc")
/// ```
package struct MusicTrackCacheRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "music_track_cache"

    package var trackId: String
    package var title: String
    package var artist: String
    package var album: String?
    package var duration: Double?
    package var artworkURL: String?
    package var lastSeenAt: String

    package enum CodingKeys: String, CodingKey {
        case trackId = "track_id", title, artist, album, duration
        case artworkURL = "artwork_url", lastSeenAt = "last_seen_at"
    }

    package enum Columns {
        package static let trackId = Column(CodingKeys.trackId)
        package static let title = Column(CodingKeys.title)
        package static let artist = Column(CodingKeys.artist)
        package static let album = Column(CodingKeys.album)
        package static let duration = Column(CodingKeys.duration)
        package static let artworkURL = Column(CodingKeys.artworkURL)
        package static let lastSeenAt = Column(CodingKeys.lastSeenAt)
    }
}
