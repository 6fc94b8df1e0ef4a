import ArgumentParser
import CommandSupport
import LibraryClient

/// `client tracks [--source …] [--search Q] [--sort …] [--limit N] [--after CURSOR]`
struct TracksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracks", abstract: "Browse the canonical track library of the music services' cache.")

    @Option(help: "all, apple-music, spotify or both.") var source: TrackSourceFilter = .all
    @Option(help: "Case-insensitive text in title, artist or album.") var search: String?
    @Option(help: "recent, title, artist, album or plays.") var sort: TrackSort = .recent
    @Option(help: "At most this many tracks (default 100).") var limit: Int = 100
    @Option(help: "The nextCursor of the previous page.") var after: String?
    @OptionGroup var global: GlobalOptions

    struct JSON: Encodable {
        let total: Int
        let tracks: [TrackJSON]
        let nextCursor: String?

        enum CodingKeys: String, CodingKey { case total, tracks, nextCursor }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(total, forKey: .total)
            try c.encode(tracks, forKey: .tracks)
            try c.encode(nextCursor, forKey: .nextCursor)
        }
    }

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let page = try await library.music.fetchTracks(
                TrackQuery(
                    source: source, search: search, sort: sort,
                    limit: limit, after: after))
            if global.json {
                return try Output.json(
                    JSON(total: page.total, tracks: page.tracks.map(TrackJSON.init), nextCursor: page.nextCursor))
            }
            TrackJSON.table(page.tracks)
            Output.line("\(page.total) tracks" + (page.nextCursor.map { "; next page: --after \($0)" } ?? ""))
        }
    }
}
