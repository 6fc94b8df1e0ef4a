import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client scene move SCENE ITEM --to POS`.
struct SceneMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move an item to another position of its scene.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @Argument(help: "Item id.") var item: String
    @Option(help: ArgumentHelp("Its new position (from 0).", valueName: "POS")) var to: Int
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneOutput.print(try await library.scenes.moveItem(item, in: scene, to: to), json: global.json)
        }
    }
}
