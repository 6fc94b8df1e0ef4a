import GRDB

/// A row of `music_track_cache`: one canonical track of the music services' track cache, with
/// one ``MusicSourceTrackRecord`` per service that lists it. `genres` is stored as JSON text.
///
/// ```swift
/// let track = try MusicTrackCacheRecord.fetchOne(db, key: "i.abc")
/// ```
package struct MusicTrackCacheRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns
{
    package static let databaseTableName = "music_track_cache"
    package static let capitalizedWords = ["URL"]

    package var trackId: String
    package var title: String
    package var artist: String
    package var album: String?
    package var duration: Double?
    package var artworkURL: String?
    package var lastSeenAt: String
    package var isrc: String?
    package var genres: [String]
    package var composer: String?
    package var albumArtist: String?
    package var releaseDate: String?
    /// When the track was first added (the earliest a service says), ISO-8601.
    package var addedAt: String?

    package init(
        trackId: String, title: String, artist: String, album: String? = nil, duration: Double? = nil,
        artworkURL: String? = nil, lastSeenAt: String, isrc: String? = nil, genres: [String] = [],
        composer: String? = nil, albumArtist: String? = nil, releaseDate: String? = nil, addedAt: String? = nil
    ) {
        self.trackId = trackId
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
        self.artworkURL = artworkURL
        self.lastSeenAt = lastSeenAt
        self.isrc = isrc
        self.genres = genres
        self.composer = composer
        self.albumArtist = albumArtist
        self.releaseDate = releaseDate
        self.addedAt = addedAt
    }

    package enum Columns {
        package static let trackId = Column("track_id")
        package static let title = Column("title")
        package static let artist = Column("artist")
        package static let album = Column("album")
        package static let duration = Column("duration")
        package static let artworkURL = Column("artwork_url")
        package static let lastSeenAt = Column("last_seen_at")
        package static let isrc = Column("isrc")
        package static let addedAt = Column("added_at")
    }
}
