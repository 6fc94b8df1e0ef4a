import CommandSupport
import ArgumentParser
import LibraryClient

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
            try SceneDetailJSON.print(try await library.scenes.addItems(items, to: scene, at: at), json: global.json)
        }
    }
}

/// `client scene remove SCENE ITEM`.
struct SceneRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an item from a scene.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @Argument(help: "Item id.") var item: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneDetailJSON.print(try await library.scenes.removeItem(item, from: scene), json: global.json)
        }
    }
}

/// `client scene move SCENE ITEM --to POS`.
struct SceneMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move an item to another position of its scene.")

    @Argument(help: "Scene id or exact title.") var scene: String
    @Argument(help: "Item id.") var item: String
    @Option(help: ArgumentHelp("Its new position (from 0).", valueName: "POS")) var to: Int
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try SceneDetailJSON.print(try await library.scenes.moveItem(item, in: scene, to: to), json: global.json)
        }
    }
}

/// `client scenes` → `{"scenes": [{"sceneId", "title", "count", "duration"}]}`, by title.
struct ScenesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scenes", abstract: "List the scenes with their item count and duration.")

    @OptionGroup var global: GlobalOptions

    struct List: Encodable { let scenes: [SceneSummaryJSON] }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let scenes = try await library.scenes.fetchScenes()
            if global.json { return try Output.json(List(scenes: scenes.map(SceneSummaryJSON.init))) }
            Output.table(["ID", "TITLE", "ITEMS", "DURATION"], scenes.map {
                [$0.id, $0.title, String($0.count), Output.duration($0.duration)]
            })
        }
    }
}
