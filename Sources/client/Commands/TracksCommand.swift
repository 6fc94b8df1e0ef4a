import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

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
                return try JSONOutput.print(TrackPageJSON(page))
            }
            TrackTable.print(page.tracks)
            Output.line("\(page.total) tracks" + (page.nextCursor.map { "; next page: --after \($0)" } ?? ""))
        }
    }
}
