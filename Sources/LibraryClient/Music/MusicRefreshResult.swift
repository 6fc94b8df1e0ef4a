/// What to refresh: named entries (music item ids or exact titles; empty = every entry), one
/// service or both, and whether fresh playlists are refreshed too.
///
/// ```swift
/// let options = MusicRefreshOptions(entries: ["Into the Underdark"], source: .spotify, force: true)
/// ```
public struct MusicRefreshOptions: Sendable, Hashable {
    /// Music entries to refresh, by id or exact title (empty: all).
    public var entries: [String]
    /// Only this service (nil: Apple Music, then Spotify).
    public var source: MusicService?
    /// Refresh even playlists refreshed less than 5 minutes ago.
    public var force: Bool

    /// Options for one refresh; the defaults refresh every stale playlist of every service.
    public init(entries: [String] = [], source: MusicService? = nil, force: Bool = false) {
        self.entries = entries
        self.source = source
        self.force = force
    }

    /// Whether a playlist refreshed successfully a short while ago is skipped.
    var skipsFresh: Bool { entries.isEmpty && source == nil && !force }
}

/// The outcome of a refresh, per service, and how many tracks the ISRC dedup merged.
///
/// ```swift
/// let result = try await library.music.refresh(MusicRefreshOptions(), clients: clients)
/// if result.hasFailures { print(result.sources.flatMap(\.errors)) }
/// ```
public struct MusicRefreshResult: Sendable, Hashable, Encodable {
    /// A service's outcome.
    public enum Status: String, Sendable, Hashable, Encodable {
        /// At least one playlist failed (the others were still written).
        /// Every playlist refreshed.
        /// Every playlist was fresh (refreshed less than 5 minutes ago).
        case ok, skipped, failed
        /// No token for the service: skipped.
        case notConnected = "not-connected"
    }

    /// One service: how many playlists were refreshed, how many tracks they listed, and the
    /// message of every playlist that failed.
    public struct Source: Sendable, Hashable, Encodable {
        /// The service.
        public var source: MusicService
        /// How the service's refresh went.
        public var status: Status
        /// Playlists refreshed.
        public var playlists: Int
        /// Tracks written.
        public var tracks: Int
        /// One sentence per failed playlist, naming the service and the playlist id.
        public var errors: [String]
        /// The failures that were the service's own (refused, missing, unreachable, …), as values
        /// an app can switch over; `errors` has the sentence of each. Not part of the JSON.
        public var failures: [MusicServiceError] = []

        private enum CodingKeys: String, CodingKey {
            case source, status, playlists, tracks, errors
        }
    }

    /// One entry per service, Apple Music first.
    public var sources: [Source]
    /// Canonical tracks merged away by the ISRC dedup.
    public var merged: Int

    /// Whether any playlist failed.
    public var hasFailures: Bool { sources.contains { $0.status == .failed } }
}
