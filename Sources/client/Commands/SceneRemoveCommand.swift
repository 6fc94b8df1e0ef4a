import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client scene remove SCENE ITEM`.
struct SceneRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an item from a scene.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @Argument(help: "Item id.") var item: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneOutput.print(try await library.scenes.removeItem(item, from: scene), json: global.json)
        }
    }
}
