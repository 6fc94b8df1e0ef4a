import Foundation

/// One canonical track of the cache, with the services that list it.
///
/// ```swift
/// let tracks = try await library.music.fetchTracks(entryID: entry.id)
/// tracks.first?.sources   // [.appleMusic, .spotify]
/// ```
public struct MusicTrack: Sendable, Hashable, Identifiable {
    public var id: String { trackID }
    /// The canonical track's id (a lowercase UUID).
    public var trackID: String
    /// The title.
    public var title: String
    /// The artist.
    public var artist: String
    /// The album, when known.
    public var album: String?
    /// Seconds.
    public var duration: Double?
    /// The ISRC, when a service gives one.
    public var isrc: String?
    /// The artwork (Apple Music's when the track has an Apple Music source).
    public var artworkURL: String?
    /// When the track was first added (the earliest a service says), ISO-8601.
    public var addedAt: String?
    /// Apple Music first, then Spotify.
    public var sources: [MusicService]
    /// Counted plays of the track.
    public var plays: Int
}

/// Which canonical tracks `fetchTracks(_:)` keeps, by the services that list them.
public enum TrackSourceFilter: String, Sendable, Hashable, CaseIterable {
    /// Every cached track.
    case all
    /// Tracks with an Apple Music source.
    case appleMusic = "apple-music"
    /// Tracks with a Spotify source.
    case spotify
    /// Tracks listed by both services.
    case both
}

/// The order of a track listing.
public enum TrackSort: String, Sendable, Hashable, CaseIterable {
    /// Latest `addedAt` first.
    case recent
    /// By album, then title.
    /// By artist, then title.
    /// By title.
    case title, artist, album
    /// Most counted plays first.
    case plays
}

/// A track listing request: filter, search, order and one page (keyset paging by cursor).
///
/// ```swift
/// var query = TrackQuery(source: .both, search: "night", sort: .title, limit: 50)
/// let page = try await library.music.fetchTracks(query)
/// query.after = page.nextCursor
/// ```
public struct TrackQuery: Sendable, Hashable {
    /// Which services' tracks to keep.
    public var source: TrackSourceFilter
    /// Case-insensitive substring of title, artist or album.
    public var search: String?
    /// The order.
    public var sort: TrackSort
    /// At most this many tracks.
    public var limit: Int
    /// The `nextCursor` of the previous page; nil for the first page.
    public var after: String?

    /// A query; the defaults list every cached track, most recently added first.
    public init(
        source: TrackSourceFilter = .all, search: String? = nil, sort: TrackSort = .recent, limit: Int = 100,
        after: String? = nil
    ) {
        self.source = source
        self.search = search
        self.sort = sort
        self.limit = limit
        self.after = after
    }
}

/// One page of tracks: `total` counts every matching canonical track; `nextCursor` is nil on the last page.
public struct TrackPage: Sendable, Hashable {
    /// Canonical tracks matching the query in all pages.
    public var total: Int
    /// The tracks of this page.
    public var tracks: [MusicTrack]
    /// Pass to the next query to continue; nil on the last page.
    public var nextCursor: String?
}

/// Where a track listing stopped: the sort, the last row's sort key and id, as URL-safe base64 JSON.
struct TrackCursor: Codable, Hashable {
    var sort: String
    var key: String?
    var number: Int?
    var id: String

    func encoded() -> String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String, sort: TrackSort) throws -> TrackCursor {
        var base = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base += String(repeating: "=", count: (4 - base.count % 4) % 4)
        guard let data = Data(base64Encoded: base),
            let cursor = try? JSONDecoder().decode(TrackCursor.self, from: data),
            cursor.sort == sort.rawValue, (cursor.key == nil) == (sort == .plays),
            (cursor.number == nil) == (sort != .plays)
        else { throw MusicServiceError.invalidCursor(text) }
        return cursor
    }
}

/// Counted plays of a cached track (target `track:<trackId>`), as SQL over a track id column:
/// the running total the play history keeps per target, 0 for a track never played.
enum TrackPlays {
    // Raw SQL: a correlated subquery embedded in the track list's keyset query and the track read.
    static func sql(trackIDColumn: String) -> String {
        "COALESCE((SELECT ptt.plays FROM play_target_total ptt WHERE ptt.target = 'track:' || \(trackIDColumn)), 0)"
    }
}
