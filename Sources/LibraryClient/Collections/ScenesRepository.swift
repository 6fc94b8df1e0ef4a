import Foundation
import GRDB

/// Scenes: ordered, user-made collections of items of any kind (a game night's soundboard).
/// A scene is named by id or exact title; positions run from 0 and stay dense after every edit;
/// an item appears at most once per scene. Count and duration are derived from the items.
/// Deleting a scene keeps its items; a sync that hides an item keeps it in its scenes.
///
/// ```swift
/// let scene = try await library.scenes.createScene(title: "Game night")
/// try await library.scenes.addItems([rain, thunder], to: scene.id)
/// try await library.scenes.moveItem(thunder, in: "Game night", to: 0)
/// let detail = try await library.scenes.fetchScene("Game night")   // thunder, rain
/// ```
public struct ScenesRepository: Sendable {
    let context: LibraryContext

    /// Every scene with its count and duration, by title.
    public func fetchScenes() async throws -> [SceneSummary] {
        try await context.database.read { db in try SceneQueries.summaries(db) }
    }

    /// The scene (by id or exact title) with its items in order.
    public func fetchScene(_ scene: String) async throws -> SceneDetail {
        let paths = context.paths
        return try await context.database.read { db in
            let record = try SceneQueries.resolve(scene, db)
            guard let detail = try SceneQueries.detail(record.id, paths: paths, db) else {
                throw CollectionsError.sceneNotFound(scene)
            }
            return detail
        }
    }

    /// A new, empty scene; titles are unique.
    @discardableResult
    public func createScene(title: String) async throws -> SceneSummary {
        let title = try Self.cleanTitle(title)
        return try await context.database.write { db in
            try Self.requireFreeTitle(title, except: nil, db)
            let now = Timestamp.now()
            let record = SceneRecord(id: UUID().uuidString.lowercased(), title: title, createdAt: now, updatedAt: now)
            try record.insert(db)
            return SceneSummary(id: record.id, title: title, count: 0, duration: 0)
        }
    }

    /// Inserts `itemIDs` (in that order) at `position` (nil: at the end); nothing is added when
    /// one of them is unknown or already in the scene.
    @discardableResult
    public func addItems(_ itemIDs: [String], to scene: String, at position: Int? = nil) async throws -> SceneDetail {
        let ids = itemIDs.map(FavoritesRepository.canonical)
        return try await edit(scene) { db, record, items in
            var seen = Set<String>()
            for id in ids {
                try FavoritesRepository.requireItem(id, db)
                if let at = items.firstIndex(where: { $0.itemID == id }) {
                    throw CollectionsError.itemAlreadyInScene(itemID: id, sceneID: record.id, position: at)
                }
                guard seen.insert(id).inserted else { throw CollectionsError.itemRepeated(id) }
            }
            let at = position ?? items.count
            guard (0...items.count).contains(at) else {
                throw CollectionsError.positionOutOfRange(at, count: items.count)
            }
            let now = Timestamp.now()
            items.insert(
                contentsOf: ids.map { SceneItemRecord(sceneID: record.id, itemID: $0, position: 0, addedAt: now) },
                at: at)
        }
    }

    /// Removes the item; the items after it move up one place.
    @discardableResult
    public func removeItem(_ itemID: String, from scene: String) async throws -> SceneDetail {
        let id = FavoritesRepository.canonical(itemID)
        return try await edit(scene) { _, record, items in
            guard let at = items.firstIndex(where: { $0.itemID == id }) else {
                throw CollectionsError.itemNotInScene(itemID: id, sceneID: record.id)
            }
            items.remove(at: at)
        }
    }

    /// Moves the item so that it ends up at `position` (0 ..< count).
    @discardableResult
    public func moveItem(_ itemID: String, in scene: String, to position: Int) async throws -> SceneDetail {
        let id = FavoritesRepository.canonical(itemID)
        return try await edit(scene) { _, record, items in
            guard let from = items.firstIndex(where: { $0.itemID == id }) else {
                throw CollectionsError.itemNotInScene(itemID: id, sceneID: record.id)
            }
            guard (0..<items.count).contains(position) else {
                throw CollectionsError.positionOutOfRange(position, count: items.count - 1)
            }
            items.insert(items.remove(at: from), at: position)
        }
    }

    /// Gives the scene a new (unique) title.
    @discardableResult
    public func renameScene(_ scene: String, to title: String) async throws -> SceneDetail {
        let title = try Self.cleanTitle(title)
        return try await edit(scene) { db, record, _ in
            try Self.requireFreeTitle(title, except: record.id, db)
            record.title = title
        }
    }

    /// Sets the scene's title and its items, in this order, in one transaction (nil leaves that part
    /// as it is): items left out leave the scene, items kept keep the time they were added. Nothing
    /// changes when an item is unknown or listed twice, or the title is taken.
    ///
    /// ```swift
    /// try await library.scenes.updateScene("Game night", title: "Boss fight", itemIDs: [thunder, rain])
    /// ```
    @discardableResult
    public func updateScene(_ scene: String, title: String? = nil, itemIDs: [String]? = nil) async throws
        -> SceneDetail
    {
        let title = try title.map(Self.cleanTitle)
        let ids = itemIDs?.map(FavoritesRepository.canonical)
        return try await edit(scene) { db, record, items in
            if let title {
                try Self.requireFreeTitle(title, except: record.id, db)
                record.title = title
            }
            guard let ids else { return }
            var seen = Set<String>()
            for id in ids {
                try FavoritesRepository.requireItem(id, db)
                guard seen.insert(id).inserted else { throw CollectionsError.itemRepeated(id) }
            }
            let now = Timestamp.now()
            let kept = Dictionary(items.map { ($0.itemID, $0) }, uniquingKeysWith: { first, _ in first })
            items = ids.map { kept[$0] ?? SceneItemRecord(sceneID: record.id, itemID: $0, position: 0, addedAt: now) }
        }
    }

    /// Deletes the scene (its items stay in the library); returns its id.
    @discardableResult
    public func deleteScene(_ scene: String) async throws -> String {
        try await context.database.write { db in
            let record = try SceneQueries.resolve(scene, db)
            try record.delete(db)
            return record.id
        }
    }

    /// One transaction: load the scene and its items in order, let `change` edit them, write
    /// them back with dense positions, return the scene as it now is.
    private func edit(
        _ scene: String,
        _ change: @escaping @Sendable (Database, inout SceneRecord, inout [SceneItemRecord]) throws -> Void
    )
        async throws -> SceneDetail
    {
        let paths = context.paths
        return try await context.database.write { db in
            var record = try SceneQueries.resolve(scene, db)
            var items = try SceneItemRecord.filter(SceneItemRecord.Columns.sceneID == record.id)
                .order(SceneItemRecord.Columns.position).fetchAll(db)
            let before = (record, items)
            try change(db, &record, &items)
            if before != (record, items) {
                record.updatedAt = Timestamp.now()
                try record.update(db)
                try SceneItemRecord.filter(SceneItemRecord.Columns.sceneID == record.id).deleteAll(db)
                for (position, var item) in items.enumerated() {
                    item.position = position
                    try item.insert(db)
                }
            }
            guard let detail = try SceneQueries.detail(record.id, paths: paths, db) else {
                throw CollectionsError.sceneNotFound(scene)
            }
            return detail
        }
    }

    static func cleanTitle(_ title: String) throws -> String {
        let cleaned = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !cleaned.isEmpty else { throw CollectionsError.emptyTitle }
        return cleaned
    }

    static func requireFreeTitle(_ title: String, except sceneID: String?, _ db: Database) throws {
        if let other = try SceneRecord.filter(SceneRecord.Columns.title == title).fetchOne(db), other.id != sceneID {
            throw CollectionsError.duplicateTitle(title, sceneID: other.id)
        }
    }
}
