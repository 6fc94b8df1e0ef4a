import LibraryClient

/// TRACK: `{"trackId","title","artist","album","duration","isrc","sources","plays"}` with explicit nulls.
package struct TrackJSON: Encodable {
    package let track: MusicTrack

    package init(track: MusicTrack) { self.track = track }

    enum Keys: String, CodingKey { case trackId, title, artist, album, duration, isrc, sources, plays }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(track.trackID, forKey: .trackId)
        try c.encode(track.title, forKey: .title)
        try c.encode(track.artist, forKey: .artist)
        try c.encode(track.album, forKey: .album)
        try c.encode(track.duration, forKey: .duration)
        try c.encode(track.isrc, forKey: .isrc)
        try c.encode(track.sources.map(\.rawValue), forKey: .sources)
        try c.encode(track.plays, forKey: .plays)
    }
}

/// `client tracks`: `{"total", "tracks": [TRACK], "nextCursor"}`.
package struct TrackPageJSON: Encodable {
    package let total: Int
    package let tracks: [TrackJSON]
    package let nextCursor: String?

    package init(_ page: TrackPage) {
        total = page.total
        tracks = page.tracks.map(TrackJSON.init)
        nextCursor = page.nextCursor
    }

    enum CodingKeys: String, CodingKey { case total, tracks, nextCursor }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(total, forKey: .total)
        try c.encode(tracks, forKey: .tracks)
        try c.encode(nextCursor, forKey: .nextCursor)
    }
}

/// `client music tracks ENTRY`: `{"entry", "tracks": [TRACK]}`.
package struct EntryTracksJSON: Encodable {
    package let entry: String
    package let tracks: [TrackJSON]

    package init(entry: String, tracks: [MusicTrack]) {
        self.entry = entry
        self.tracks = tracks.map(TrackJSON.init)
    }
}

/// `client music`: `{"items": [{"id", "title", "appleMusicPlaylistId", "spotifyPlaylistId"}]}`.
package struct MusicEntriesJSON: Encodable {
    package struct Entry: Encodable {
        let id, title, appleMusicPlaylistId: String
        let spotifyPlaylistId: String?

        enum CodingKeys: String, CodingKey { case id, title, appleMusicPlaylistId, spotifyPlaylistId }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(appleMusicPlaylistId, forKey: .appleMusicPlaylistId)
            try c.encode(spotifyPlaylistId, forKey: .spotifyPlaylistId)
        }
    }

    package let items: [Entry]

    package init(_ entries: [MusicEntry]) {
        items = entries.map {
            Entry(
                id: $0.id, title: $0.title, appleMusicPlaylistId: $0.appleMusicPlaylistID,
                spotifyPlaylistId: $0.spotifyPlaylistID)
        }
    }
}
