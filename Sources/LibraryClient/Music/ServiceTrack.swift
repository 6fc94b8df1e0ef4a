/// One track as a music service lists it in a playlist: only the documented fields.
///
/// ```swift
/// let track = ServiceTrack(serviceTrackID: "1440857781", title: "Intro", artist: "The xx", album: "xx")
/// ```
public struct ServiceTrack: Sendable, Hashable {
    /// The service's own id of the track.
    public var serviceTrackID: String
    /// The title.
    public var title: String
    /// The (first) artist.
    public var artist: String
    /// The album, when known.
    public var album: String?
    /// Seconds.
    public var duration: Double?
    /// The ISRC, when the service gives one.
    public var isrc: String?
    /// The artwork.
    public var artworkURL: String?
    /// The genres, in the service's order.
    public var genres: [String]
    /// The composer, when known.
    public var composer: String?
    /// The album artist, when known.
    public var albumArtist: String?
    /// The release date as the service writes it.
    public var releaseDate: String?
    /// When the track was added to the playlist (ISO-8601), when the service says.
    public var addedAt: String?
    /// Spotify's popularity (0–100).
    public var popularity: Int?
    /// A preview clip (Spotify).
    public var previewURL: String?

    /// A track from its fields.
    public init(
        serviceTrackID: String, title: String, artist: String, album: String? = nil, duration: Double? = nil,
        isrc: String? = nil, artworkURL: String? = nil, genres: [String] = [], composer: String? = nil,
        albumArtist: String? = nil, releaseDate: String? = nil, addedAt: String? = nil,
        popularity: Int? = nil, previewURL: String? = nil
    ) {
        self.serviceTrackID = serviceTrackID
        self.title = title
        self.artist = artist
        self.album = album
        self.duration = duration
        self.isrc = isrc
        self.artworkURL = artworkURL
        self.genres = genres
        self.composer = composer
        self.albumArtist = albumArtist
        self.releaseDate = releaseDate
        self.addedAt = addedAt
        self.popularity = popularity
        self.previewURL = previewURL
    }
}

/// A playlist's metadata as a music service describes it.
///
/// ```swift
/// let info = try await client.fetchPlaylist(id: "pl.u-abc123")
/// info.name   // "Into the Underdark"
/// ```
public struct ServicePlaylist: Sendable, Hashable {
    /// The playlist's id on the service.
    public var id: String
    /// The playlist's name.
    public var name: String?
    /// The playlist's description as its owner wrote it, when it has one.
    public var description: String?
    /// The playlist's artwork.
    public var artworkURL: String?
    /// The curator or owner.
    public var ownerName: String?
    /// Whether the playlist is public (Spotify).
    public var isPublic: Bool?
    /// How many tracks the service says it holds.
    public var trackTotal: Int?
    /// Spotify's version of the playlist's content; nil for Apple Music.
    public var snapshotID: String?

    /// A playlist from its fields.
    public init(
        id: String, name: String? = nil, description: String? = nil, artworkURL: String? = nil,
        ownerName: String? = nil, isPublic: Bool? = nil, trackTotal: Int? = nil, snapshotID: String? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.artworkURL = artworkURL
        self.ownerName = ownerName
        self.isPublic = isPublic
        self.trackTotal = trackTotal
        self.snapshotID = snapshotID
    }
}

/// Reads playlists of one music service. The library ships Web API clients
/// (``AppleMusicAPIClient``, ``SpotifyAPIClient``); an app may add its own, e.g. one backed by
/// MusicKit on iOS.
///
/// ```swift
/// struct MusicKitClient: MusicServiceClient {
///     var service: MusicService { .appleMusic }
///     func fetchPlaylist(id: String) async throws -> ServicePlaylist { … }
///     func fetchTracks(playlistID: String) async throws -> [ServiceTrack] { … }
/// }
/// ```
public protocol MusicServiceClient: Sendable {
    /// The service this client talks to.
    var service: MusicService { get }
    /// The playlist's metadata.
    func fetchPlaylist(id: String) async throws -> ServicePlaylist
    /// Every track of the playlist, in the service's order (all pages).
    func fetchTracks(playlistID: String) async throws -> [ServiceTrack]
}
