import GRDB

/// A row of `playlist_track`: one track of a service playlist at its place in the service's
/// order. Only the music refresh writes it (``MusicTrackStore``).
///
/// ```swift
/// let ids = try PlaylistTrackRecord.all().inPlaylist(id).orderedByPosition()
///     .select(PlaylistTrackRecord.Columns.trackID, as: String.self).fetchAll(db)
/// ```
package struct PlaylistTrackRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "playlist_track"
    package static let capitalizedWords = ["ID"]

    package var playlistID: String
    package var trackID: String
    package var position: Int

    package enum Columns {
        package static let playlistID = Column("playlist_id")
        package static let trackID = Column("track_id")
        package static let position = Column("position")
    }
}

extension DerivableRequest<PlaylistTrackRecord> {
    /// The tracks of one playlist.
    package func inPlaylist(_ playlistID: String) -> Self {
        filter(PlaylistTrackRecord.Columns.playlistID == playlistID)
    }

    /// The rows of one track, in any playlist.
    package func ofTrack(_ trackID: String) -> Self { filter(PlaylistTrackRecord.Columns.trackID == trackID) }

    /// The service's order (ties by track id).
    package func orderedByPosition() -> Self {
        order(PlaylistTrackRecord.Columns.position, PlaylistTrackRecord.Columns.trackID)
    }
}
