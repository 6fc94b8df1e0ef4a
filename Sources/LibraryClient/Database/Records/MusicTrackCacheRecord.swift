import GRDB

/// A row of `music_track_cache`: one canonical track of the music services' track cache, with
/// one ``MusicSourceTrackRecord`` per service that lists it. `genres` is stored as JSON text.
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
    public var isrc: String?
    public var genres: [String]
    public var composer: String?
    public var albumArtist: String?
    public var releaseDate: String?
    /// When the track was first added (the earliest a service says), ISO-8601.
    public var addedAt: String?

    public init(trackId: String, title: String, artist: String, album: String? = nil, duration: Double? = nil,
                artworkURL: String? = nil, lastSeenAt: String, isrc: String? = nil, genres: [String] = [],
                composer: String? = nil, albumArtist: String? = nil, releaseDate: String? = nil, addedAt: String? = nil) {
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

    public enum CodingKeys: String, CodingKey {
        case trackId = "track_id", title, artist, album, duration
        case artworkURL = "artwork_url", lastSeenAt = "last_seen_at"
        case isrc, genres, composer, albumArtist = "album_artist", releaseDate = "release_date", addedAt = "added_at"
    }

    public enum Columns {
        public static let trackId = Column(CodingKeys.trackId)
        public static let title = Column(CodingKeys.title)
        public static let artist = Column(CodingKeys.artist)
        public static let album = Column(CodingKeys.album)
        public static let duration = Column(CodingKeys.duration)
        public static let artworkURL = Column(CodingKeys.artworkURL)
        public static let lastSeenAt = Column(CodingKeys.lastSeenAt)
        public static let isrc = Column(CodingKeys.isrc)
        public static let addedAt = Column(CodingKeys.addedAt)
    }
}
