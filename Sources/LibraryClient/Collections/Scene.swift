/// A scene in the scene list: its count and duration are derived from its items when read.
///
/// ```swift
/// for scene in try await library.scenes.fetchScenes() { print(scene.title, scene.count) }
/// ```
public struct SceneSummary: Sendable, Hashable, Identifiable {
    public var id: String
    public var title: String
    /// Items in the scene, hidden ones included.
    public var count: Int
    /// The sum of the known item durations, in seconds (0 when none is known).
    public var duration: Double

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
    public var summary: SceneSummary
    public var items: [LibraryItemRow]

    public init(summary: SceneSummary, items: [LibraryItemRow]) {
        self.summary = summary
        self.items = items
    }

    public var id: String { summary.id }
    public var title: String { summary.title }
}
