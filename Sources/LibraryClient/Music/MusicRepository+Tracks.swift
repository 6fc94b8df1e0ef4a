import CatalogFormat
import GRDB

extension MusicRepository {
    /// A music entry's tracks: its Apple Music playlist's order, then the tracks found only in
    /// its Spotify playlist in Spotify's order, each canonical track once.
    ///
    /// ```swift
    /// let tracks = try await library.music.fetchTracks(entryID: "Into the Underdark")
    /// ```
    public func fetchTracks(entryID: String) async throws -> (entry: MusicEntry, tracks: [MusicTrack]) {
        let entry = try await resolveEntries([entryID])[0]
        let tracks = try await context.database.read { db in
            var ids: [String] = []
            var seen = Set<String>()
            for playlist in [entry.appleMusicPlaylistID, entry.spotifyPlaylistID].compactMap({ $0 }) {
                let rows = try PlaylistTrackRecord.all().inPlaylist(playlist).orderedByPosition()
                    .select(PlaylistTrackRecord.Columns.trackID, as: String.self).fetchAll(db)
                for id in rows where seen.insert(id).inserted { ids.append(id) }
            }
            let byID = try Dictionary(
                Self.tracks(ids: ids, db).map { ($0.trackID, $0) }, uniquingKeysWith: { a, _ in a })
            return ids.compactMap { byID[$0] }
        }
        return (entry, tracks)
    }

    /// One page of the canonical track library, filtered, searched and sorted (see ``TrackQuery``).
    ///
    /// ```swift
    /// let page = try await library.music.fetchTracks(TrackQuery(source: .spotify, sort: .artist, limit: 20))
    /// ```
    public func fetchTracks(_ query: TrackQuery) async throws -> TrackPage {
        let cursor = try query.after.map { try TrackCursor.decode($0, sort: query.sort) }
        let limit = max(query.limit, 1)
        return try await context.database.read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            func has(_ service: MusicService) -> String {
                "EXISTS (SELECT 1 FROM music_source_track s WHERE s.track_id = t.track_id AND s.service = '\(service.rawValue)')"
            }
            switch query.source {
            case .all: break
            case .appleMusic: conditions.append(has(.appleMusic))
            case .spotify: conditions.append(has(.spotify))
            case .both: conditions.append(has(.appleMusic) + " AND " + has(.spotify))
            }
            if let search = query.search, !search.isEmpty {
                let pattern =
                    "%"
                    + search.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                    .replacingOccurrences(of: "_", with: "\\_") + "%"
                conditions.append(
                    "(t.title LIKE ? ESCAPE '\\' OR t.artist LIKE ? ESCAPE '\\' OR COALESCE(t.album, '') LIKE ? ESCAPE '\\')"
                )
                arguments += [pattern, pattern, pattern]
            }
            // Raw SQL: the track list is a keyset page over a computed sort key (plays, COLLATE per sort)
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            let total =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM music_track_cache t \(filter)", arguments: arguments)
                ?? 0

            let plays = TrackPlays.sql(trackIDColumn: "t.track_id")
            let (key, order): (String, String) =
                switch query.sort {
                case .recent: ("COALESCE(t.added_at, '')", "DESC")
                case .title: ("t.title", "ASC")
                case .artist: ("t.artist", "ASC")
                case .album: ("COALESCE(t.album, '')", "ASC")
                case .plays: (plays, "DESC")
                }
            let collate = query.sort == .plays || query.sort == .recent ? "" : " COLLATE NOCASE"
            var page = "SELECT t.track_id, \(key) AS sort_key FROM music_track_cache t \(filter)"
            var pageArguments = arguments
            if let cursor {
                let op = order == "DESC" ? "<" : ">"
                page =
                    "SELECT * FROM (\(page)) WHERE (sort_key\(collate) \(op) ? OR (sort_key\(collate) = ? AND track_id > ?))"
                let value: (any DatabaseValueConvertible)? = cursor.key ?? cursor.number
                pageArguments += [value, value, cursor.id]
            } else {
                page = "SELECT * FROM (\(page))"
            }
            page += " ORDER BY sort_key\(collate) \(order), track_id LIMIT \(limit + 1)"
            // Raw SQL, as the count above: the cursor compares the computed sort key under the sort's collation.
            let rows = try Row.fetchAll(db, sql: page, arguments: pageArguments)
            let shown = Array(rows.prefix(limit))
            let byID = try Dictionary(
                Self.tracks(ids: shown.map { $0["track_id"] }, db).map { ($0.trackID, $0) },
                uniquingKeysWith: { a, _ in a })
            var next: String?
            if rows.count > limit, let last = shown.last {
                let isNumber = query.sort == .plays
                next = TrackCursor(
                    sort: query.sort.rawValue, key: isNumber ? nil : last["sort_key"],
                    number: isNumber ? last["sort_key"] : nil, id: last["track_id"]
                ).encoded()
            }
            return TrackPage(total: total, tracks: shown.compactMap { byID[$0["track_id"]] }, nextCursor: next)
        }
    }

    /// The tracks with these ids (any order), with their sources and plays.
    static func tracks(ids: [String], _ db: Database) throws -> [MusicTrack] {
        guard !ids.isEmpty else { return [] }
        var result: [MusicTrack] = []
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            var sources: [String: Set<MusicService>] = [:]
            for row in try MusicSourceTrackRecord.filter(chunk.contains(MusicSourceTrackRecord.Columns.trackID))
                .select(MusicSourceTrackRecord.Columns.trackID, MusicSourceTrackRecord.Columns.service)
                .asRequest(of: Row.self).fetchAll(db)
            {
                sources[row["track_id"], default: []].insert(try MusicService.stored(row["service"]))
            }
            let plays = TrackPlays.sql(trackIDColumn: "track_id")
            // Raw SQL: the play count is TrackPlays' correlated subquery, shared with the track list.
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT track_id, title, artist, album, duration, isrc, artwork_url, added_at, \(plays) AS plays
                    FROM music_track_cache WHERE track_id IN (\(marks))
                    """, arguments: StatementArguments(chunk))
            {
                let id: String = row["track_id"]
                result.append(
                    MusicTrack(
                        trackID: id, title: row["title"], artist: row["artist"], album: row["album"],
                        duration: row["duration"], isrc: row["isrc"], artworkURL: row["artwork_url"],
                        addedAt: row["added_at"],
                        sources: MusicService.allCases.filter { sources[id]?.contains($0) == true },
                        plays: row["plays"]))
            }
        }
        return result
    }
}
