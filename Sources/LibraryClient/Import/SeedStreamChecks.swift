import CatalogFormat
import GRDB

/// The seed rules that span entries, for a streamed first import: playlist ids and slugs used
/// once, pack ids not shared with any entry. Repeated item ids are caught by the database (see
/// ``SeedStreamWriter``), so nothing here grows with the number of items.
struct SeedStreamChecks {
    private var playlists = Set<String>()
    private var spotifyPlaylists = Set<String>()
    private var slugs = Set<String>()
    private var packIDs = Set<String>()

    mutating func playlists(of entry: Seed.MusicEntry, id: String, path: String, _ v: SeedValidator) throws {
        let playlist = entry.appleMusicPlaylistId
        guard !playlist.isEmpty else {
            throw v.fail("music \(id) has an empty appleMusicPlaylistId", "\(path).appleMusicPlaylistId")
        }
        guard playlists.insert(playlist).inserted else {
            throw v.fail(
                "music \(id) reuses appleMusicPlaylistId '\(playlist)'; each playlist may appear once",
                "\(path).appleMusicPlaylistId")
        }
        if let spotify = entry.spotifyPlaylistId {
            guard !spotify.isEmpty, spotifyPlaylists.insert(spotify).inserted else {
                throw v.fail(
                    "music \(id) has an empty or reused spotifyPlaylistId '\(spotify)'; each playlist may appear once",
                    "\(path).spotifyPlaylistId")
            }
        }
    }

    /// A pack's own rules; its id must not be an entry's id written before it either
    /// (`isEntry`).
    mutating func pack(
        _ pack: Seed.Pack, path: String, _ v: SeedValidator, isEntry: (String) throws -> Bool
    ) throws {
        let usedByEntry = try isEntry(pack.id)
        guard !usedByEntry, packIDs.insert(pack.id).inserted else { throw twice(pack.id, path, v) }
        guard pack.kind.isPackKind else {
            throw v.fail("pack \(pack.id) has kind 'music'; a pack's kind must be atmosphere or sfx", "\(path).kind")
        }
        try v.checkTitle(pack.title, path: { path }, id: pack.id)
        guard !pack.slug.isEmpty, slugs.insert(pack.slug).inserted else {
            throw v.fail(
                "pack \(pack.id) has an empty or repeated slug '\(pack.slug)'; slugs must be unique", "\(path).slug")
        }
        guard pack.version >= 1 else {
            throw v.fail("pack \(pack.id) has version \(pack.version); versions start at 1", "\(path).version")
        }
        guard !pack.manifestURL.isEmpty else {
            throw v.fail("pack \(pack.id) has an empty manifestURL", "\(path).manifestURL")
        }
    }

    /// An item's id must not be a pack's.
    func item(_ id: String, path: String, _ v: SeedValidator) throws {
        if packIDs.contains(id) { throw twice(id, path, v) }
    }

    private func twice(_ id: String, _ path: String, _ v: SeedValidator) -> Diagnostic {
        v.fail("id \(id) appears twice in the seed; every item and pack needs its own id", "\(path).id")
    }
}
