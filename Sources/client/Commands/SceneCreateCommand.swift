import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client scene create TITLE` → `{"sceneId"}`.
struct SceneCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an empty scene.")

    @Argument(help: "The title (unique among scenes).") var title: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let scene = try await library.scenes.createScene(title: title)
            if global.json { return try JSONOutput.print(SceneCreatedJSON(sceneId: scene.id)) }
            Output.line("created scene '\(scene.title)' (\(scene.id))")
        }
    }
}
