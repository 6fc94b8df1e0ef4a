import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client scenes` → `{"scenes": [{"sceneId", "title", "count", "duration"}]}`, by title.
struct ScenesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenes", abstract: "List the scenes with their item count and duration.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let scenes = try await library.scenes.fetchScenes()
            if global.json { return try JSONOutput.print(ScenesJSON(scenes)) }
            Output.table(
                ["ID", "TITLE", "ITEMS", "DURATION"],
                scenes.map {
                    [$0.id, $0.title, String($0.count), Output.duration($0.duration)]
                })
        }
    }
}
