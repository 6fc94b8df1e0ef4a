import CommandSupport
import ArgumentParser
import LibraryClient

/// `client scene create|show|add|remove|move|rename|delete`: one scene (named by id or exact title).
/// The editing subcommands print the scene as `scene show` does; `create` prints `{"sceneId"}`,
/// `delete` prints `{"sceneId", "deleted": true}`.
struct SceneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene", abstract: "Create, show and edit a scene (an ordered collection of items).",
        subcommands: [SceneCreateCommand.self, SceneShowCommand.self, SceneAddCommand.self, SceneRemoveCommand.self,
                      SceneMoveCommand.self, SceneRenameCommand.self, SceneDeleteCommand.self])
}

/// `client scene create TITLE` → `{"sceneId"}`.
struct SceneCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an empty scene.")

    @Argument(help: "The title (unique among scenes).") var title: String
    @OptionGroup var global: GlobalOptions

    struct Created: Encodable { let sceneId: String }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let scene = try await library.scenes.createScene(title: title)
            if global.json { return try Output.json(Created(sceneId: scene.id)) }
            Output.line("created scene '\(scene.title)' (\(scene.id))")
        }
    }
}

/// `client scene show SCENE` → `{"sceneId", "title", "count", "duration", "items": [ITEM]}`.
struct SceneShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a scene and its items in order.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneDetailJSON.print(try await library.scenes.fetchScene(scene), json: global.json)
        }
    }
}

/// `client scene rename SCENE TITLE`.
struct SceneRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Give a scene a new title.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @Argument(help: "The new title (unique among scenes).") var title: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneDetailJSON.print(try await library.scenes.renameScene(scene, to: title), json: global.json)
        }
    }
}

/// `client scene delete SCENE` → `{"sceneId", "deleted": true}`; the items stay in the library.
struct SceneDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a scene (its items stay in the library).")

    @Argument(help: "Scene id or exact title.") var scene: String
    @OptionGroup var global: GlobalOptions

    struct Deleted: Encodable { let sceneId: String; let deleted: Bool }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let id = try await library.scenes.deleteScene(scene)
            if global.json { return try Output.json(Deleted(sceneId: id, deleted: true)) }
            Output.line("deleted scene \(id)")
        }
    }
}
