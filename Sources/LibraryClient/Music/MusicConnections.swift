import Foundation

/// The service clients the environment connects: a service without a token is not connected.
/// Tokens are read here and kept only inside the clients' request headers.
///
/// ```swift
/// let clients = MusicConnections.clients(environment: ProcessInfo.processInfo.environment)
/// ```
public enum MusicConnections {
    /// Web API clients for every service whose token variable is set (see ``MusicService/tokenVariable``).
    public static func clients(environment: [String: String]) -> [any MusicServiceClient] {
        clients(environment: environment, retry: MusicRetryPolicy())
    }

    package static func clients(environment env: [String: String], retry: MusicRetryPolicy) -> [any MusicServiceClient]
    {
        var result: [any MusicServiceClient] = []
        if let token = env["SOUNDSHELF_APPLE_MUSIC_TOKEN"], !token.isEmpty {
            let api =
                env["SOUNDSHELF_APPLE_MUSIC_API"].flatMap(URL.init(string:)) ?? URL(
                    string: "https://api.music.apple.com")!
            let storefront = env["SOUNDSHELF_APPLE_MUSIC_STOREFRONT"].flatMap { $0.isEmpty ? nil : $0 } ?? "us"
            result.append(AppleMusicAPIClient(token: token, storefront: storefront, api: api, retry: retry))
        }
        if let token = env["SOUNDSHELF_SPOTIFY_TOKEN"], !token.isEmpty {
            let api =
                env["SOUNDSHELF_SPOTIFY_API"].flatMap(URL.init(string:)) ?? URL(string: "https://api.spotify.com")!
            result.append(SpotifyAPIClient(token: token, api: api, retry: retry))
        }
        return result
    }
}
