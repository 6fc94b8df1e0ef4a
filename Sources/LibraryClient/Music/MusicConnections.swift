import Foundation

/// How to reach one music service: its token and its Web API address (and, for Apple Music,
/// the storefront). The app says where the token comes from; the library keeps it only inside
/// the clients' request headers.
///
/// ```swift
/// let access = MusicServiceAccess(service: .appleMusic, token: developerToken, storefront: "gb")
/// ```
public struct MusicServiceAccess: Sendable {
    /// The service.
    public var service: MusicService
    /// The token sent as `Authorization: Bearer …`.
    public var token: String
    /// The Web API's address (the service's own by default; a local stand-in in tests).
    public var api: URL
    /// Apple Music's storefront (a country code); Spotify has none.
    public var storefront: String

    /// An access to `service` with `token`; `api` nil for the service's own address.
    public init(service: MusicService, token: String, api: URL? = nil, storefront: String = "us") {
        self.service = service
        self.token = token
        self.api = api ?? service.defaultAPI
        self.storefront = storefront
    }
}

extension MusicService {
    /// The service's public Web API address.
    public var defaultAPI: URL {
        switch self {
        case .appleMusic: URL(string: "https://api.music.apple.com")!
        case .spotify: URL(string: "https://api.spotify.com")!
        }
    }
}

/// The service clients for the accesses an app has: a service without one is not connected.
///
/// ```swift
/// let clients = MusicConnections.clients([MusicServiceAccess(service: .spotify, token: token)])
/// ```
public enum MusicConnections {
    /// Web API clients, one per access with a token (an empty token connects nothing).
    public static func clients(_ accesses: [MusicServiceAccess]) -> [any MusicServiceClient] {
        clients(accesses, retry: MusicRetryPolicy())
    }

    package static func clients(_ accesses: [MusicServiceAccess], retry: MusicRetryPolicy) -> [any MusicServiceClient] {
        accesses.filter { !$0.token.isEmpty }.map { access -> any MusicServiceClient in
            switch access.service {
            case .appleMusic:
                AppleMusicAPIClient(token: access.token, storefront: access.storefront, api: access.api, retry: retry)
            case .spotify: SpotifyAPIClient(token: access.token, api: access.api, retry: retry)
            }
        }
    }
}
