import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client scene show SCENE` → `{"sceneId", "title", "count", "duration", "items": [ITEM]}`.
struct SceneShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a scene and its items in order.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneOutput.print(try await library.scenes.fetchScene(scene), json: global.json)
        }
    }
}
