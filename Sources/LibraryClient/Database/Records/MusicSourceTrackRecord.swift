import GRDB

/// A row of `music_source_track`: one track as one service lists it, attached to its
/// canonical track in `music_track_cache`. Unique on (service, service track id).
package struct MusicSourceTrackRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns
{
    package static let databaseTableName = "music_source_track"
    package static let capitalizedWords = ["ID", "URL"]

    package var service: MusicService
    package var serviceTrackID: String
    package var trackID: String
    package var title: String
    package var artist: String
    package var album: String?
    package var duration: Double?
    package var isrc: String?
    package var artworkURL: String?
    package var addedAt: String?
    package var popularity: Int?
    package var previewURL: String?
    package var lastSeenAt: String

    package enum Columns {
        package static let service = Column("service")
        package static let serviceTrackID = Column("service_track_id")
        package static let trackID = Column("track_id")
    }

    package init(service: MusicService, track: ServiceTrack, trackID: String, now: String) {
        self.service = service
        serviceTrackID = track.serviceTrackID
        self.trackID = trackID
        title = track.title
        artist = track.artist
        album = track.album
        duration = track.duration
        isrc = track.isrc
        artworkURL = track.artworkURL
        addedAt = track.addedAt
        popularity = track.popularity
        previewURL = track.previewURL
        lastSeenAt = now
    }
}

/// A row of `music_service_playlist`: a service playlist's metadata and refresh state.
package struct MusicServicePlaylistRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord,
    SnakeCaseColumns
{
    package static let databaseTableName = "music_service_playlist"
    package static let capitalizedWords = ["ID", "URL"]

    package var service: MusicService
    package var playlistID: String
    package var name: String?
    package var description: String?
    package var artworkURL: String?
    package var ownerName: String?
    package var isPublic: Bool?
    package var trackTotal: Int?
    package var snapshotID: String?
    package var lastSuccessAt: String?
    package var lastAttemptAt: String?
    package var lastError: String?

    package init(
        service: MusicService, playlistID: String, name: String? = nil, description: String? = nil,
        artworkURL: String? = nil, ownerName: String? = nil, isPublic: Bool? = nil, trackTotal: Int? = nil,
        snapshotID: String? = nil, lastSuccessAt: String? = nil, lastAttemptAt: String? = nil,
        lastError: String? = nil
    ) {
        self.service = service
        self.playlistID = playlistID
        self.name = name
        self.description = description
        self.artworkURL = artworkURL
        self.ownerName = ownerName
        self.isPublic = isPublic
        self.trackTotal = trackTotal
        self.snapshotID = snapshotID
        self.lastSuccessAt = lastSuccessAt
        self.lastAttemptAt = lastAttemptAt
        self.lastError = lastError
    }

    package enum Columns {
        package static let service = Column("service")
        package static let playlistID = Column("playlist_id")
    }
}
