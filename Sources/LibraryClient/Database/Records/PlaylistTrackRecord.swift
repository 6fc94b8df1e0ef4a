import GRDB

/// A row of `playlist_track` (no snapshotting): a track's position in a playlist.
///
/// ```swift
/// let tracks = try PlaylistTrackRecord.filter(PlaylistTrackRecord.Columns.playlistId == "pl.u-1")
///     .order(PlaylistTrackRecord.Columns.position).fetchAll(db)
/// ```
package struct PlaylistTrackRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "playlist_track"

    package var playlistId: String
    package var trackId: String
    package var position: Int

    package enum CodingKeys: String, CodingKey {
        case playlistId = "playlist_id"
        case trackId = "track_id"
        case position
    }

    package enum Columns {
        package static let playlistId = Column(CodingKeys.playlistId)
        package static let trackId = Column(CodingKeys.trackId)
        package static let position = Column(CodingKeys.position)
    }
}
