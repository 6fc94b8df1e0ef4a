import Foundation
import GRDB

/// Writes one service playlist's tracks into the canonical library (inside the caller's
/// transaction) and runs the ISRC dedup.
enum MusicTrackStore {
    /// Matches every track (source id, then exact title/artist/album, then new), merges its
    /// metadata, and replaces the playlist's rows of `playlist_track` with the service order.
    /// Returns how many tracks were written.
    @discardableResult
    static func apply(
        _ playlist: ServicePlaylist, tracks: [ServiceTrack], service: MusicService, now: String,
        _ db: Database
    ) throws -> Int {
        var order: [String] = []
        var placed = Set<String>()
        for track in tracks {
            let trackID = try write(track, service: service, now: now, db)
            if placed.insert(trackID).inserted { order.append(trackID) }
        }
        _ = try PlaylistTrackRecord.all().inPlaylist(playlist.id).deleteAll(db)
        for (position, trackID) in order.enumerated() {
            try PlaylistTrackRecord(playlistID: playlist.id, trackID: trackID, position: position).insert(db)
        }
        try saveState(playlist, service: service, now: now, db)
        return tracks.count
    }

    /// Metadata and success time only (the content is unchanged: same Spotify snapshot).
    static func saveState(_ playlist: ServicePlaylist, service: MusicService, now: String, _ db: Database) throws {
        let record = MusicServicePlaylistRecord(
            service: service, playlistID: playlist.id, name: playlist.name, description: playlist.description,
            artworkURL: playlist.artworkURL, ownerName: playlist.ownerName, isPublic: playlist.isPublic,
            trackTotal: playlist.trackTotal, snapshotID: playlist.snapshotID, lastSuccessAt: now, lastAttemptAt: now,
            lastError: nil)
        try record.save(db)
    }

    /// Records a failed attempt (the message names no token) without touching tracks.
    static func saveFailure(playlistID: String, service: MusicService, message: String, now: String, _ db: Database)
        throws
    {
        var record =
            try MusicServicePlaylistRecord.fetchOne(db, key: ["service": service.rawValue, "playlist_id": playlistID])
            ?? MusicServicePlaylistRecord(service: service, playlistID: playlistID)
        record.lastAttemptAt = now
        record.lastError = message
        try record.save(db)
    }

    private static func write(_ track: ServiceTrack, service: MusicService, now: String, _ db: Database) throws
        -> String
    {
        let key: [String: (any DatabaseValueConvertible)?] = [
            "service": service.rawValue, "service_track_id": track.serviceTrackID,
        ]
        let canonical: MusicTrackCacheRecord
        if let source = try MusicSourceTrackRecord.fetchOne(db, key: key),
            let existing = try MusicTrackCacheRecord.fetchOne(db, key: source.trackID)
        {
            canonical = TrackMerge.update(
                existing, with: track, from: service,
                hasAppleSource: try hasAppleSource(existing.trackId, db), now: now)
        } else if let existing = try MusicTrackCacheRecord.filter(
            MusicTrackCacheRecord.Columns.title == track.title && MusicTrackCacheRecord.Columns.artist == track.artist
                && MusicTrackCacheRecord.Columns.album == track.album
        ).order(MusicTrackCacheRecord.Columns.trackId).fetchOne(db) {
            let hasApple = try service == .appleMusic || hasAppleSource(existing.trackId, db)
            canonical = TrackMerge.update(existing, with: track, from: service, hasAppleSource: hasApple, now: now)
        } else {
            canonical = TrackMerge.newTrack(from: track, trackID: UUID().uuidString.lowercased(), now: now)
        }
        try canonical.save(db)
        try MusicSourceTrackRecord(service: service, track: track, trackID: canonical.trackId, now: now).save(db)
        return canonical.trackId
    }

    static func hasAppleSource(_ trackID: String, _ db: Database) throws -> Bool {
        try MusicSourceTrackRecord
            .filter(
                MusicSourceTrackRecord.Columns.trackID == trackID
                    && MusicSourceTrackRecord.Columns.service == MusicService.appleMusic.rawValue
            )
            .fetchCount(db) > 0
    }

    /// Merges canonical tracks whose ISRCs are equal after trimming and lowercasing; source
    /// tracks and playlist rows move to the survivor. Returns how many tracks were merged away.
    static func dedup(_ db: Database) throws -> Int {
        let (trackID, isrc) = (MusicTrackCacheRecord.Columns.trackId, MusicTrackCacheRecord.Columns.isrc)
        let rows = try MusicTrackCacheRecord.filter(isrc != nil)
            .select(trackID, isrc).asRequest(of: Row.self).fetchAll(db)
            // SQLite's TRIM(isrc) <> '': not only spaces.
            .filter { ($0[isrc] as String).contains { $0 != " " } }
        let groups = TrackMerge.duplicateGroups(rows.map { (trackID: $0[trackID], isrc: $0[isrc]) })
        var merged = 0
        for group in groups {
            let tracks = try group.map { id in
                (track: try MusicTrackCacheRecord.find(db, key: id), hasAppleSource: try hasAppleSource(id, db))
            }
            let winner = TrackMerge.survivor(of: tracks)
            let others = tracks.indices.filter { $0 != winner }.map { tracks[$0].track }
            let survivor = TrackMerge.combine(
                tracks[winner].track, survivorHasApple: tracks[winner].hasAppleSource, with: others)
            for other in others {
                try moveRows(from: other.trackId, to: survivor.trackId, db)
                _ = try MusicTrackCacheRecord.deleteOne(db, key: other.trackId)
            }
            try survivor.update(db)
            merged += others.count
        }
        return merged
    }

    /// Source tracks and playlist rows of `loser` become the survivor's; a playlist holding both
    /// keeps the first position.
    private static func moveRows(from loser: String, to survivor: String, _ db: Database) throws {
        _ = try MusicSourceTrackRecord.filter(MusicSourceTrackRecord.Columns.trackID == loser)
            .updateAll(db, MusicSourceTrackRecord.Columns.trackID.set(to: survivor))
        // Raw SQL: in a playlist holding both tracks the survivor takes the earlier of the two
        // positions, a correlated scalar MIN the query interface cannot state.
        try db.execute(
            sql: """
                UPDATE playlist_track SET position = MIN(position, (SELECT l.position FROM playlist_track l
                    WHERE l.playlist_id = playlist_track.playlist_id AND l.track_id = ?))
                WHERE track_id = ? AND playlist_id IN (SELECT playlist_id FROM playlist_track WHERE track_id = ?)
                """, arguments: [loser, survivor, loser])
        // Then the loser's row leaves those playlists and becomes the survivor's in the others.
        let playlistID = PlaylistTrackRecord.Columns.playlistID
        let survivorPlaylists = PlaylistTrackRecord.all().ofTrack(survivor).select(playlistID)
        _ = try PlaylistTrackRecord.all().ofTrack(loser).filter(survivorPlaylists.contains(playlistID)).deleteAll(db)
        _ = try PlaylistTrackRecord.all().ofTrack(loser)
            .updateAll(db, PlaylistTrackRecord.Columns.trackID.set(to: survivor))
    }
}
