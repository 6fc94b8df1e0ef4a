import Foundation

/// Reads Apple Music catalog playlists through the Apple Music API with a developer token:
/// the playlist, then its tracks 100 at a time following every `next` path.
///
/// ```swift
/// let client = AppleMusicAPIClient(token: developerToken, storefront: "us")
/// let tracks = try await client.fetchTracks(playlistID: "pl.u-abc123")
/// ```
public struct AppleMusicAPIClient: MusicServiceClient {
    /// Always ``MusicService/appleMusic``.
    public var service: MusicService { .appleMusic }
    let http: MusicHTTP
    let storefront: String

    /// `api` defaults to `https://api.music.apple.com`; an `http://127.0.0.1:PORT` base is allowed.
    public init(token: String, storefront: String = "us", api: URL = URL(string: "https://api.music.apple.com")!) {
        self.init(token: token, storefront: storefront, api: api, retry: MusicRetryPolicy())
    }

    package init(token: String, storefront: String, api: URL, retry: MusicRetryPolicy) {
        http = MusicHTTP(service: .appleMusic, token: token, api: api, retry: retry)
        self.storefront = storefront
    }

    public func fetchPlaylist(id: String) async throws -> ServicePlaylist {
        let url = try endpoint("/v1/catalog/\(storefront)/playlists/\(id)", playlistID: id)
        let page = try await http.get(AppleResponse<ApplePlaylistAttributes>.self, url, playlistID: id)
        guard let resource = page.data.first, let attributes = resource.attributes else {
            throw MusicServiceError.malformedResponse(
                service: .appleMusic, playlistID: id, detail: "no playlist at $.data[0]")
        }
        return ServicePlaylist(
            id: id, name: attributes.name, description: attributes.description?.standard,
            artworkURL: attributes.artwork?.url, ownerName: attributes.curatorName)
    }

    public func fetchTracks(playlistID: String) async throws -> [ServiceTrack] {
        var tracks: [ServiceTrack] = []
        var next: String? = "/v1/catalog/\(storefront)/playlists/\(playlistID)/tracks?limit=100"
        while let path = next {
            let url = try endpoint(path, playlistID: playlistID)
            let page = try await http.get(AppleResponse<AppleSongAttributes>.self, url, playlistID: playlistID)
            for resource in page.data where resource.type == "songs" {
                guard let a = resource.attributes, let id = resource.id else { continue }
                tracks.append(
                    ServiceTrack(
                        serviceTrackID: id, title: a.name, artist: a.artistName ?? "", album: a.albumName,
                        duration: a.durationInMillis.map { $0 / 1000 }, isrc: a.isrc, artworkURL: a.artwork?.url,
                        genres: a.genreNames ?? [], composer: a.composerName, releaseDate: a.releaseDate))
            }
            next = page.next
        }
        return tracks
    }

    /// A path on the API (or an absolute URL on its origin, refused elsewhere).
    private func endpoint(_ path: String, playlistID: String) throws -> URL {
        let base =
            http.api.absoluteString.hasSuffix("/")
            ? String(http.api.absoluteString.dropLast()) : http.api.absoluteString
        let text = path.hasPrefix("/") ? base + path : path
        guard let url = URL(string: text) else {
            throw MusicServiceError.malformedResponse(
                service: .appleMusic, playlistID: playlistID, detail: "bad next link")
        }
        return url
    }
}

/// `{"data": [resource], "next": "/v1/…"}`; a resource's attributes are decoded only for the
/// types that are read (songs, playlists), so other types never fail a page.
struct AppleResponse<Attributes: Decodable>: Decodable {
    var data: [AppleResource<Attributes>]
    var next: String?
}

struct AppleResource<Attributes: Decodable>: Decodable {
    var id: String?
    var type: String?
    var attributes: Attributes?

    enum CodingKeys: String, CodingKey { case id, type, attributes }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        let readable = type == "songs" || type == "playlists"
        attributes = readable ? try c.decodeIfPresent(Attributes.self, forKey: .attributes) : nil
    }
}

struct AppleArtwork: Decodable { var url: String? }

struct ApplePlaylistAttributes: Decodable {
    struct Description: Decodable { var standard: String? }
    var name: String?
    var description: Description?
    var artwork: AppleArtwork?
    var curatorName: String?
}

struct AppleSongAttributes: Decodable {
    var name: String
    var artistName: String?
    var albumName: String?
    var durationInMillis: Double?
    var isrc: String?
    var artwork: AppleArtwork?
    var genreNames: [String]?
    var composerName: String?
    var releaseDate: String?
}
