import ArgumentParser
import CommandSupport
import LibraryClient

/// `client favorites [--limit N] [--after CURSOR] [--offset N]`: newest favorite first,
/// `{"total", "items": [ITEM], "nextCursor"}`.
struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites", abstract: "List the favorite items, newest first.")

    @Option(help: "At most this many items (default 100).") var limit: Int = 100
    @Option(help: "Skip this many items first.") var offset: Int = 0
    @Option(help: ArgumentHelp("Start after this cursor (the nextCursor of the previous page).", valueName: "CURSOR"))
    var after: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if limit < 0 || offset < 0 { throw ValidationError("--limit and --offset must be 0 or more") }
    }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let page = try await library.favorites.fetchFavorites(
                page: PageRequest(limit: limit, offset: offset, after: after))
            try ItemTable.print(page, json: global.json)
        }
    }
}
