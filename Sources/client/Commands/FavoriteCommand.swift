import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client favorite ITEM`: marks an item a favorite (idempotent).
/// JSON: `{"itemId", "favorite": true, "changed": true|false}` (`changed` is false when it already was one).
struct FavoriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorite", abstract: "Mark an item a favorite (again is fine).")

    @Argument(help: "Item id (either case).") var item: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let changed = try await library.favorites.favorite(itemID: item)
            try FavoriteOutput.print(item: item, favorite: true, changed: changed, json: global.json)
        }
    }
}
