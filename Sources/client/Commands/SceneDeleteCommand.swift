import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client scene delete SCENE` → `{"sceneId", "deleted": true}`; the items stay in the library.
struct SceneDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a scene (its items stay in the library).")

    @Argument(help: "Scene id or exact title.") var scene: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let id = try await library.scenes.deleteScene(scene)
            if global.json { return try JSONOutput.print(SceneDeletedJSON(sceneId: id)) }
            Output.line("deleted scene \(id)")
        }
    }
}
