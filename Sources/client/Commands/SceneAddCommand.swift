import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client scene add SCENE ITEM... [--at POS]`: inserts the items, in order, at POS (default: the end).
struct SceneAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add items to a scene.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @Argument(help: "Item ids, in the order they go in.") var items: [String]
    @Option(help: ArgumentHelp("Insert at this position (from 0; default: at the end).", valueName: "POS")) var at: Int?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if items.isEmpty { throw ValidationError("give at least one item id") }
    }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneOutput.print(try await library.scenes.addItems(items, to: scene, at: at), json: global.json)
        }
    }
}
