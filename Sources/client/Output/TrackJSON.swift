import CommandSupport
import LibraryClient

/// TRACK: `{"trackId","title","artist","album","duration","isrc","sources","plays"}` with explicit nulls.
struct TrackJSON: Encodable {
    let track: MusicTrack

    enum Keys: String, CodingKey { case trackId, title, artist, album, duration, isrc, sources, plays }

    func encode(to encoder: any Encoder) throws {
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

    /// The table for people, with source badges (`AM`, `SP`).
    static func table(_ tracks: [MusicTrack]) {
        Output.table(
            ["SRC", "TITLE", "ARTIST", "ALBUM", "DURATION", "PLAYS"],
            tracks.map {
                [
                    $0.sources.map(\.badge).joined(separator: " "), $0.title, $0.artist, $0.album ?? "-",
                    Output.duration($0.duration), "\($0.plays)",
                ]
            })
    }
}
