import CatalogFormat
import GRDB

/// A resolved play target: a library item (id in canonical lowercase) or a cached music track
/// (`track:<trackId>`), with what a play stores about it.
struct PlayTarget: Sendable, Hashable {
    var reference: String
    var kind: PlayTargetKind
    var title: String
    var duration: Double?

    static let trackPrefix = "track:"

    /// Looks `reference` up: an item id (either case) in `library_item`, or `track:<id>` in
    /// `music_track_cache` (track_id, title, duration). Nil when neither knows it.
    static func resolve(_ reference: String, in db: Database) throws -> PlayTarget? {
        if reference.hasPrefix(trackPrefix) {
            let trackID = String(reference.dropFirst(trackPrefix.count))
            guard !trackID.isEmpty,
                let row = try MusicTrackCacheRecord.filter(key: trackID)
                    .select(MusicTrackCacheRecord.Columns.title, MusicTrackCacheRecord.Columns.duration)
                    .asRequest(of: Row.self).fetchOne(db)
            else { return nil }
            return PlayTarget(
                reference: trackPrefix + trackID, kind: .track, title: row["title"], duration: row["duration"])
        }
        guard let id = CanonicalID.parse(reference),
            let row = try LibraryItemRecord.filter(key: id)
                .select(
                    LibraryItemRecord.Columns.kind, LibraryItemRecord.Columns.title, LibraryItemRecord.Columns.duration
                )
                .asRequest(of: Row.self).fetchOne(db)
        else { return nil }
        return PlayTarget(
            reference: id, kind: try PlayTargetKind.stored(row["kind"]), title: row["title"], duration: row["duration"])
    }
}
