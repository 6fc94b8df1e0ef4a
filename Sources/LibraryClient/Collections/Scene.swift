/// A scene in the scene list: its count and duration are derived from its items when read.
///
/// ```swift
/// for scene in try await library.scenes.fetchScenes() { print(scene.title, scene.count) }
/// ```
public struct SceneSummary: Sendable, Hashable, Identifiable {
    public var id: String
    /// The scene's title.
    public var title: String
    /// Items in the scene, hidden ones included.
    public var count: Int
    /// The sum of the known item durations, in seconds (0 when none is known).
    public var duration: Double

    /// A summary from its fields.
    public init(id: String, title: String, count: Int, duration: Double) {
        self.id = id
        self.title = title
        self.count = count
        self.duration = duration
    }
}

/// A scene with its items in order (positions 0 ..< count).
///
/// ```swift
/// let scene = try await library.scenes.fetchScene("Game night")
/// scene.items.map(\.title)
/// ```
public struct SceneDetail: Sendable, Hashable, Identifiable {
    /// The scene's id, title, count and duration.
    public var summary: SceneSummary
    /// The scene's items in their order (hidden ones included, unavailable).
    public var items: [LibraryItemRow]

    /// A scene from its summary and items.
    public init(summary: SceneSummary, items: [LibraryItemRow]) {
        self.summary = summary
        self.items = items
    }

    public var id: String { summary.id }
    /// The scene's title.
    public var title: String { summary.title }
}
