import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client scene rename SCENE TITLE`.
struct SceneRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Give a scene a new title.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @Argument(help: "The new title (unique among scenes).") var title: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneOutput.print(try await library.scenes.renameScene(scene, to: title), json: global.json)
        }
    }
}
