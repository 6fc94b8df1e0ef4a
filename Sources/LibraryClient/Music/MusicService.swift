/// A music service whose playlists the track cache reads.
///
/// ```swift
/// MusicService(rawValue: "spotify")   // .spotify
/// MusicService.appleMusic.badge       // "AM"
/// ```
public enum MusicService: String, Sendable, Hashable, CaseIterable, Codable {
    /// Apple Music (`apple-music`).
    case appleMusic = "apple-music"
    /// Spotify (`spotify`).
    case spotify

    /// The service's name for messages.
    public var displayName: String {
        switch self {
        case .appleMusic: "Apple Music"
        case .spotify: "Spotify"
        }
    }

    /// A two-letter badge for tables.
    public var badge: String {
        switch self {
        case .appleMusic: "AM"
        case .spotify: "SP"
        }
    }

    /// The stored value, refusing one this version does not know (never a silent fallback).
    static func stored(_ text: String) throws -> MusicService {
        guard let service = MusicService(rawValue: text) else { throw MusicServiceError.unknownStoredService(text) }
        return service
    }
}
