import CatalogFormat
import GRDB

/// One music entry: a library item backed by an Apple Music playlist (and optionally a Spotify one).
public struct MusicEntry: Sendable, Hashable, Identifiable {
    public var id: String
    /// The entry's title.
    public var title: String
    /// A second line of text, when the catalog has one.
    public var subtitle: String?
    /// The playlist's length in seconds, when the catalog gives it.
    public var duration: Double?
    /// The entry's artwork, when the catalog has one.
    public var artworkURL: String?
    /// The Apple Music playlist that plays this entry.
    public var appleMusicPlaylistID: String
    /// The entry's Spotify playlist, when it has one.
    public var spotifyPlaylistID: String?
    /// Always ``Availability/appleMusic``.
    public var availability: Availability { .appleMusic }
}

/// Music entries and their playlist ids (MusicKit resolves and plays them; no audio is downloaded).
///
/// ```swift
/// let entries = try await library.music.fetchMusicEntries()
/// let playlist = try await library.music.fetchPlaylistID(forItemID: entries[0].id)   // "pl.u-abc123"
/// ```
public struct MusicRepository: Sendable {
    let context: LibraryContext

    /// Every visible music entry, by title.
    public func fetchMusicEntries() async throws -> [MusicEntry] {
        try await context.database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT li.id, li.title, li.subtitle, li.duration, li.artwork_url, mr.apple_music_playlist_id,
                           mr.spotify_playlist_id
                    FROM library_item li JOIN music_playlist_ref mr ON mr.item_id = li.id
                    WHERE li.kind = 'music' AND li.is_visible = 1 ORDER BY li.title COLLATE NOCASE, li.id
                    """
            ).map {
                MusicEntry(
                    id: $0["id"], title: $0["title"], subtitle: $0["subtitle"], duration: $0["duration"],
                    artworkURL: $0["artwork_url"], appleMusicPlaylistID: $0["apple_music_playlist_id"],
                    spotifyPlaylistID: $0["spotify_playlist_id"])
            }
        }
    }

    /// The Apple Music playlist id of a music item (id in either case); throws `notFound`.
    public func fetchPlaylistID(forItemID itemId: String) async throws -> String {
        let id = CanonicalID.parse(itemId) ?? itemId
        let playlist = try await context.database.read { db in
            try String.fetchOne(
                db, sql: "SELECT apple_music_playlist_id FROM music_playlist_ref WHERE item_id = ?",
                arguments: [id])
        }
        guard let playlist else { throw LibraryClientError.musicEntryNotFound(itemId) }
        return playlist
    }
}
