import ArgumentParser
import CommandSupport
import LibraryClient

/// `client scene create|show|add|remove|move|rename|delete`: one scene (named by id or exact title).
/// The editing subcommands print the scene as `scene show` does; `create` prints `{"sceneId"}`,
/// `delete` prints `{"sceneId", "deleted": true}`.
struct SceneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene", abstract: "Create, show and edit a scene (an ordered collection of items).",
        subcommands: [
            SceneCreateCommand.self, SceneShowCommand.self, SceneAddCommand.self, SceneRemoveCommand.self,
            SceneMoveCommand.self, SceneRenameCommand.self, SceneDeleteCommand.self,
        ])
}
