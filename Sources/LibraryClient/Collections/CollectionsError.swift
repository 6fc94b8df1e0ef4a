/// What can go wrong with favorites and scenes; each case names the ids or titles involved.
///
/// ```swift
/// do { try await library.scenes.addItems([itemID], to: "Game night") }
/// catch let error as CollectionsError { print(error.description) }
/// ```
public enum CollectionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No item with this id.
    case itemNotFound(String)
    /// No scene with this id or exact title.
    case sceneNotFound(String)
    /// A scene title that is empty after trimming.
    case emptyTitle
    /// Another scene already has this title.
    case duplicateTitle(String, sceneID: String)
    /// The item is in the scene already.
    case itemAlreadyInScene(itemID: String, sceneID: String, position: Int)
    /// The same item given twice in one add.
    case itemRepeated(String)
    /// The item is not in the scene.
    case itemNotInScene(itemID: String, sceneID: String)
    /// A position past the end of the scene.
    case positionOutOfRange(Int, count: Int)

    public var description: String {
        switch self {
        case .itemNotFound(let id):
            return "no item '\(id)' in the library"
        case .sceneNotFound(let reference):
            return "no scene '\(reference)' (neither a scene id nor a scene's exact title)"
        case .emptyTitle:
            return "a scene title cannot be empty; give a title with at least one visible character"
        case .duplicateTitle(let title, let sceneID):
            return "a scene titled '\(title)' already exists (\(sceneID)); choose another title or use that scene"
        case .itemAlreadyInScene(let itemID, let sceneID, let position):
            return
                "item \(itemID) is already in scene \(sceneID) (at position \(position)); an item appears once per scene"
        case .itemRepeated(let id):
            return "item \(id) is given twice; an item appears once per scene, list it once"
        case .itemNotInScene(let itemID, let sceneID):
            return "item \(itemID) is not in scene \(sceneID)"
        case .positionOutOfRange(let position, let count):
            return
                "position \(position) is outside the scene (positions run from 0 to \(count)); give a position in that range"
        }
    }
}
