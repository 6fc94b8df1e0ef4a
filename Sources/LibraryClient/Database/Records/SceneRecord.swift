import GRDB

/// A row of `scene`: a user-made, ordered collection of items (its items are ``SceneItemRecord``s).
/// Titles are unique, so a scene can be named by its exact title. Only ``ScenesRepository`` writes it.
///
/// ```swift
/// let scene = try SceneRecord.filter(SceneRecord.Columns.title == "Game night").fetchOne(db)
/// ```
package struct SceneRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "scene"

    package var id: String
    package var title: String
    package var createdAt: String
    package var updatedAt: String

    package enum Columns {
        package static let id = Column("id")
        package static let title = Column("title")
        package static let createdAt = Column("created_at")
        package static let updatedAt = Column("updated_at")
    }
}

/// A row of `scene_item`: one item at one position (dense, from 0) of a scene; an item appears
/// at most once per scene.
///
/// ```swift
/// let items = try SceneItemRecord.filter(SceneItemRecord.Columns.sceneID == id)
///     .order(SceneItemRecord.Columns.position).fetchAll(db)
/// ```
package struct SceneItemRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    package static let databaseTableName = "scene_item"
    package static let capitalizedWords = ["ID"]

    package var sceneID: String
    package var itemID: String
    package var position: Int
    package var addedAt: String

    package enum Columns {
        package static let sceneID = Column("scene_id")
        package static let itemID = Column("item_id")
        package static let position = Column("position")
        package static let addedAt = Column("added_at")
    }
}
