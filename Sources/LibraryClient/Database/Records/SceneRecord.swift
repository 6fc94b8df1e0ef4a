import GRDB

/// A row of `scene`: a user-made, ordered collection of items (its items are ``SceneItemRecord``s).
/// Titles are unique, so a scene can be named by its exact title. Only ``ScenesRepository`` writes it.
///
/// ```swift
/// let scene = try SceneRecord.filter(SceneRecord.Columns.title == "Game night").fetchOne(db)
/// ```
package struct SceneRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "scene"

    package var id: String
    package var title: String
    package var createdAt: String
    package var updatedAt: String

    package enum CodingKeys: String, CodingKey {
        case id, title
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let title = Column(CodingKeys.title)
        package static let createdAt = Column(CodingKeys.createdAt)
        package static let updatedAt = Column(CodingKeys.updatedAt)
    }
}

/// A row of `scene_item`: one item at one position (dense, from 0) of a scene; an item appears
/// at most once per scene.
///
/// ```swift
/// let items = try SceneItemRecord.filter(SceneItemRecord.Columns.sceneID == id)
///     .order(SceneItemRecord.Columns.position).fetchAll(db)
/// ```
package struct SceneItemRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "scene_item"

    package var sceneID: String
    package var itemID: String
    package var position: Int
    package var addedAt: String

    package enum CodingKeys: String, CodingKey {
        case sceneID = "scene_id"
        case itemID = "item_id"
        case position
        case addedAt = "added_at"
    }

    package enum Columns {
        package static let sceneID = Column(CodingKeys.sceneID)
        package static let itemID = Column(CodingKeys.itemID)
        package static let position = Column(CodingKeys.position)
        package static let addedAt = Column(CodingKeys.addedAt)
    }
}
