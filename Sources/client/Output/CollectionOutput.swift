import CommandSupport
import LibraryClient
import LibraryJSON

/// What the editing scene commands print: the scene as `scene show` does.
enum SceneOutput {
    static func print(_ detail: SceneDetail, json: Bool) throws {
        if json { return try JSONOutput.print(SceneDetailJSON(detail: detail)) }
        Output.line(
            "\(detail.title) (\(detail.id)): \(detail.summary.count) item\(detail.summary.count == 1 ? "" : "s"), "
                + Output.duration(detail.summary.duration))
        Output.table(
            ["POS", "ID", "KIND", "TITLE", "DURATION", "AVAILABLE"],
            detail.items.enumerated().map { position, row in
                [
                    String(position), row.id, row.kind.rawValue, row.title, Output.duration(row.duration),
                    row.isVisible ? ItemTable.label(row.availability) : "no (no longer in the catalog)",
                ]
            })
    }
}

/// What `favorite` and `unfavorite` print.
enum FavoriteOutput {
    static func print(item: String, favorite: Bool, changed: Bool, json: Bool) throws {
        let change = FavoriteChangeJSON(item: item, favorite: favorite, changed: changed)
        if json { return try JSONOutput.print(change) }
        let state = favorite ? "a favorite" : "not a favorite"
        Output.line(changed ? "\(change.itemId) is now \(state)" : "\(change.itemId) was already \(state)")
    }
}

/// The track table for people, with source badges (`AM`, `SP`).
enum TrackTable {
    static func print(_ tracks: [MusicTrack]) {
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
