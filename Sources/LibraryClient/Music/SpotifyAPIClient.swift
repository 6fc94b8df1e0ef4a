import Foundation

/// Reads Spotify playlists through the Spotify Web API with an OAuth access token: the
/// playlist (with its `snapshot_id`), then its items 100 at a time following every `next`.
///
/// ```swift
/// let client = SpotifyAPIClient(token: accessToken)
/// let tracks = try await client.fetchTracks(playlistID: "37i9dQZF1DX8NTLI2TtZa6")
/// ```
public struct SpotifyAPIClient: MusicServiceClient {
    /// Always ``MusicService/spotify``.
    public var service: MusicService { .spotify }
    let http: MusicHTTP

    /// `api` defaults to `https://api.spotify.com`; an `http://127.0.0.1:PORT` base is allowed.
    public init(token: String, api: URL = URL(string: "https://api.spotify.com")!) {
        self.init(token: token, api: api, retry: MusicRetryPolicy())
    }

    package init(token: String, api: URL, retry: MusicRetryPolicy) {
        http = MusicHTTP(service: .spotify, token: token, api: api, retry: retry)
    }

    public func fetchPlaylist(id: String) async throws -> ServicePlaylist {
        let p = try await http.get(SpotifyPlaylist.self, url("/v1/playlists/\(id)"), playlistID: id)
        return ServicePlaylist(
            id: id, name: p.name, description: p.description, artworkURL: p.images?.first?.url,
            ownerName: p.owner?.display_name, isPublic: p.public, trackTotal: p.tracks?.total,
            snapshotID: p.snapshot_id)
    }

    public func fetchTracks(playlistID: String) async throws -> [ServiceTrack] {
        var tracks: [ServiceTrack] = []
        var next: URL? = url("/v1/playlists/\(playlistID)/tracks?limit=100&offset=0")
        while let page = next {
            let body = try await http.get(SpotifyPage.self, page, playlistID: playlistID)
            for item in body.items where item.is_local != true {
                guard let t = item.track, let id = t.id, let name = t.name else { continue }
                tracks.append(
                    ServiceTrack(
                        serviceTrackID: id, title: name, artist: t.artists?.first?.name ?? "", album: t.album?.name,
                        duration: t.duration_ms.map { $0 / 1000 }, isrc: t.external_ids?.isrc,
                        artworkURL: t.album?.images?.first?.url, releaseDate: t.album?.release_date,
                        addedAt: item.added_at, popularity: t.popularity, previewURL: t.preview_url))
            }
            guard let link = body.next else { break }
            guard let nextURL = URL(string: link) else {
                throw MusicServiceError.malformedResponse(
                    service: .spotify, playlistID: playlistID, detail: "bad next link")
            }
            next = nextURL
        }
        return tracks
    }

    private func url(_ path: String) -> URL {
        let base =
            http.api.absoluteString.hasSuffix("/")
            ? String(http.api.absoluteString.dropLast()) : http.api.absoluteString
        return URL(string: base + path)!
    }
}

// The documented fields of the Spotify Web API, named as in its JSON.
// swiftlint:disable identifier_name
struct SpotifyImage: Decodable { var url: String? }

struct SpotifyPlaylist: Decodable {
    struct Owner: Decodable { var display_name: String? }
    struct Tracks: Decodable { var total: Int? }
    var name: String?
    var description: String?
    var images: [SpotifyImage]?
    var owner: Owner?
    var `public`: Bool?
    var snapshot_id: String?
    var tracks: Tracks?
}

struct SpotifyPage: Decodable {
    struct Item: Decodable {
        var added_at: String?
        var is_local: Bool?
        var track: SpotifyTrack?
    }
    var items: [Item]
    var next: String?
}

struct SpotifyTrack: Decodable {
    struct Album: Decodable {
        var name: String?
        var images: [SpotifyImage]?
        var release_date: String?
    }
    struct Artist: Decodable { var name: String? }
    struct ExternalIDs: Decodable { var isrc: String? }
    var id: String?
    var name: String?
    var duration_ms: Double?
    var external_ids: ExternalIDs?
    var album: Album?
    var artists: [Artist]?
    var popularity: Int?
    var preview_url: String?
}
// swiftlint:enable identifier_name
