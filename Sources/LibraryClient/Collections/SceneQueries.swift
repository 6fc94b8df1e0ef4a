import GRDB

/// The reads behind scenes, shared by ``ScenesRepository`` and the observations.
enum SceneQueries {
    static func summaries(_ db: Database, sceneID: String? = nil) throws -> [SceneSummary] {
        let filter = sceneID == nil ? "" : " WHERE s.id = ?"
        // Raw SQL: counts and summed durations over a LEFT JOIN of scene_item and library_item.
        return try Row.fetchAll(
            db,
            sql: """
                SELECT s.id AS id, s.title AS title, COUNT(si.item_id) AS item_count, COALESCE(SUM(li.duration), 0) AS duration
                FROM scene s LEFT JOIN scene_item si ON si.scene_id = s.id LEFT JOIN library_item li ON li.id = si.item_id\(filter)
                GROUP BY s.id ORDER BY s.title COLLATE NOCASE, s.id
                """, arguments: StatementArguments(sceneID.map { [$0] } ?? [])
        ).map {
            SceneSummary(id: $0["id"], title: $0["title"], count: $0["item_count"], duration: $0["duration"])
        }
    }

    static func detail(_ sceneID: String, paths: LibraryPaths, _ db: Database) throws -> SceneDetail? {
        guard let summary = try summaries(db, sceneID: sceneID).first else { return nil }
        // Raw SQL: the item row's columns and joins are LibraryItemRow's, shared by every item list.
        let items = try Row.fetchAll(
            db,
            sql: """
                SELECT \(LibraryItemRow.columns) FROM scene_item si JOIN library_item li ON li.id = si.item_id \(LibraryItemRow.joins)
                WHERE si.scene_id = ? ORDER BY si.position
                """, arguments: [sceneID]
        ).map { try LibraryItemRow(row: $0, paths: paths) }
        return SceneDetail(summary: summary, items: items)
    }

    /// The scene named by id (either case) or exact title.
    static func resolve(_ reference: String, _ db: Database) throws -> SceneRecord {
        let id = FavoritesRepository.canonical(reference)
        if let scene = try SceneRecord.fetchOne(db, key: id) { return scene }
        if let scene = try SceneRecord.filter(SceneRecord.Columns.title == reference).fetchOne(db) { return scene }
        throw CollectionsError.sceneNotFound(reference)
    }
}
