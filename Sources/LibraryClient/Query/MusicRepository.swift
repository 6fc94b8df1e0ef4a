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
            try LibraryItemRecord.all().visible().filter(kindName: Kind.music.rawValue)
                .including(required: LibraryItemRecord.playlistRef)
                .order(LibraryItemRecord.Columns.title.collating(.nocase), LibraryItemRecord.Columns.id)
                .asRequest(of: MusicItemRow.self).fetchAll(db)
                .map {
                    MusicEntry(
                        id: $0.item.id, title: $0.item.title, subtitle: $0.item.subtitle, duration: $0.item.duration,
                        artworkURL: $0.item.artworkURL, appleMusicPlaylistID: $0.playlistRef.appleMusicPlaylistID,
                        spotifyPlaylistID: $0.playlistRef.spotifyPlaylistID)
                }
        }
    }

    /// The Apple Music playlist id of a music item (id in either case); throws `notFound`.
    public func fetchPlaylistID(forItemID itemId: String) async throws -> String {
        let id = CanonicalID.normalized(itemId)
        let playlist = try await context.database.read { db in
            try MusicPlaylistRefRecord.fetchOne(db, key: id)?.appleMusicPlaylistID
        }
        guard let playlist else { throw LibraryClientError.musicEntryNotFound(itemId) }
        return playlist
    }
}

/// A music item with its playlist ref, as ``MusicRepository/fetchMusicEntries()`` reads them.
private struct MusicItemRow: Decodable, FetchableRecord {
    var item: LibraryItemRecord
    var playlistRef: MusicPlaylistRefRecord
}
