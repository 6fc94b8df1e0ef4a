import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client unfavorite ITEM`: removes an item from the favorites (idempotent).
/// JSON: `{"itemId", "favorite": false, "changed": true|false}`.
struct UnfavoriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unfavorite", abstract: "Remove an item from the favorites (again is fine).")

    @Argument(help: "Item id (either case).") var item: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let changed = try await library.favorites.unfavorite(itemID: item)
            try FavoriteOutput.print(item: item, favorite: false, changed: changed, json: global.json)
        }
    }
}
