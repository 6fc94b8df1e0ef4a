import CommandSupport
import ArgumentParser
import LibraryClient

/// `client favorite ITEM`: marks an item a favorite (idempotent).
/// JSON: `{"itemId", "favorite": true, "changed": true|false}` (`changed` is false when it already was one).
struct FavoriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "favorite", abstract: "Mark an item a favorite (again is fine).")

    @Argument(help: "Item id (either case).") var item: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let changed = try await library.favorites.favorite(itemID: item)
            try FavoriteChangeJSON.print(item: item, favorite: true, changed: changed, json: global.json)
        }
    }
}

/// `client unfavorite ITEM`: removes an item from the favorites (idempotent).
/// JSON: `{"itemId", "favorite": false, "changed": true|false}`.
struct UnfavoriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unfavorite", abstract: "Remove an item from the favorites (again is fine).")

    @Argument(help: "Item id (either case).") var item: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let changed = try await library.favorites.unfavorite(itemID: item)
            try FavoriteChangeJSON.print(item: item, favorite: false, changed: changed, json: global.json)
        }
    }
}

/// What `favorite` and `unfavorite` print.
struct FavoriteChangeJSON: Encodable {
    let itemId: String
    let favorite: Bool
    let changed: Bool

    static func print(item: String, favorite: Bool, changed: Bool, json: Bool) throws {
        let id = item.lowercased()
        if json { return try Output.json(FavoriteChangeJSON(itemId: id, favorite: favorite, changed: changed)) }
        let state = favorite ? "a favorite" : "not a favorite"
        Output.line(changed ? "\(id) is now \(state)" : "\(id) was already \(state)")
    }
}
