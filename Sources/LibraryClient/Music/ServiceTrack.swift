/// One track as a music service lists it in a playlist: only the documented fields.
///
/// ```swift
/// let track = ServiceTrack(serviceTrackID: "1440857781", title: "Intro", artist: "The xx", album: "xx")
/// ```
public struct ServiceTrack: Sendable, Hashable {
    public var serviceTrackID: String
    public var title: String
    public var artist: String
    public var album: String?
    /// Seconds.
    public var duration: Double?
    public var isrc: String?
    public var artworkURL: String?
    public var genres: [String]
    public var composer: String?
    public var albumArtist: String?
    public var releaseDate: String?
    /// When the track was added to the playlist (ISO-8601), when the service says.
    public var addedAt: String?
    public var popularity: Int?
    public var previewURL: String?

    public init(serviceTrackID: String, title: String, artist: String, album: String? = nil, duration: Double? = nil,
                isrc: String? = nil, artworkURL: String? = nil, genres: [String] = [], composer: String? = nil,
                albumArtist: String? = nil, releaseDate: String? = nil, addedAt: String? = nil,
                popularity: Int? = nil, previewURL: String? = nil) {
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
    public var id: String
    public var name: String?
    public var description: String?
    public var artworkURL: String?
    public var ownerName: String?
    public var isPublic: Bool?
    public var trackTotal: Int?
    /// Spotify's version of the playlist's content; nil for Apple Music.
    public var snapshotID: String?

    public init(id: String, name: String? = nil, description: String? = nil, artworkURL: String? = nil,
                ownerName: String? = nil, isPublic: Bool? = nil, trackTotal: Int? = nil, snapshotID: String? = nil) {
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
    var service: MusicService { get }
    /// The playlist's metadata.
    func fetchPlaylist(id: String) async throws -> ServicePlaylist
    /// Every track of the playlist, in the service's order (all pages).
    func fetchTracks(playlistID: String) async throws -> [ServiceTrack]
}
