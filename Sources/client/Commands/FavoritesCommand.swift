import ArgumentParser
import CommandSupport
import LibraryClient

/// `client favorites [--limit N] [--after CURSOR] [--offset N]`: newest favorite first,
/// `{"total", "items": [ITEM], "nextCursor"}`.
struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites", abstract: "List the favorite items, newest first.")

    @OptionGroup var paging: PageOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let page = try await library.favorites.fetchFavorites(
                page: paging.request)
            try ItemTable.print(page, json: global.json)
        }
    }
}
