import GRDB

/// A row of `playlist_track` (no snapshotting): a track's position in a playlist.
///
/// ```swift
/// let tracks = try PlaylistTrackRecord.filter(PlaylistTrackRecord.Columns.playlistId == "pl.u-1")
///     .order(PlaylistTrackRecord.Columns.position).fetchAll(db)
/// ```
public struct PlaylistTrackRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "playlist_track"

    public var playlistId: String
    public var trackId: String
    public var position: Int

    public enum CodingKeys: String, CodingKey {
        case playlistId = "playlist_id", trackId = "track_id", position
    }

    public enum Columns {
        public static let playlistId = Column(CodingKeys.playlistId)
        public static let trackId = Column(CodingKeys.trackId)
        public static let position = Column(CodingKeys.position)
    }
}
