/// What to refresh: named entries (music item ids or exact titles; empty = every entry), one
/// service or both, and whether fresh playlists are refreshed too.
///
/// ```swift
/// let options = MusicRefreshOptions(entries: ["Into the Underdark"], source: .spotify, force: true)
/// ```
public struct MusicRefreshOptions: Sendable, Hashable {
    public var entries: [String]
    public var source: MusicService?
    public var force: Bool

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
        case ok, skipped, failed
        case notConnected = "not-connected"
    }

    /// One service: how many playlists were refreshed, how many tracks they listed, and the
    /// message of every playlist that failed.
    public struct Source: Sendable, Hashable, Encodable {
        public var source: MusicService
        public var status: Status
        public var playlists: Int
        public var tracks: Int
        public var errors: [String]
    }

    public var sources: [Source]
    public var merged: Int

    /// Whether any playlist failed.
    public var hasFailures: Bool { sources.contains { $0.status == .failed } }
}
