import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// Scenes through the library API: dense positions after every edit, at both ends; one entry per
/// item; derived count and duration; names by id or title; deleting keeps the items.
@Suite struct ScenesTests {
    func setUp() async throws -> (Harness, ScenesRepository) {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        return (h, try h.library.scenes)
    }

    func order(_ scenes: ScenesRepository, _ scene: String) async throws -> [String] {
        try await scenes.fetchScene(scene).items.map(\.id)
    }

    func positions(_ h: Harness, _ sceneID: String) async throws -> [Int] {
        try await h.library.database.writer.read { db in
            try Int.fetchAll(
                db, sql: "SELECT position FROM scene_item WHERE scene_id = ? ORDER BY position", arguments: [sceneID])
        }
    }

    @Test func positionsStayDenseAfterAddMoveRemoveAtBothEnds() async throws {
        let (h, scenes) = try await setUp()
        let scene = try await scenes.createScene(title: "  Game night ")
        #expect(scene.title == "Game night" && scene.count == 0)
        try await scenes.addItems([tid(2), tid(3)], to: "Game night")
        try await scenes.addItems([tid(1)], to: scene.id, at: 0)  // front
        try await scenes.addItems([tid(5), tid(6)], to: scene.id.uppercased())  // end (atmosphere and sfx mix)
        try await scenes.addItems([tid(4)], to: scene.id, at: 2)  // middle
        #expect(try await order(scenes, scene.id) == [tid(1), tid(2), tid(4), tid(3), tid(5), tid(6)])
        try await scenes.moveItem(tid(6), in: scene.id, to: 0)  // last → first
        try await scenes.moveItem(tid(1), in: scene.id, to: 5)  // → last
        #expect(try await order(scenes, scene.id) == [tid(6), tid(2), tid(4), tid(3), tid(5), tid(1)])
        try await scenes.removeItem(tid(6), from: scene.id)  // first
        try await scenes.removeItem(tid(1), from: scene.id)  // last
        try await scenes.removeItem(tid(4), from: scene.id)  // middle
        #expect(try await order(scenes, scene.id) == [tid(2), tid(3), tid(5)])
        #expect(try await positions(h, scene.id) == [0, 1, 2])
        let detail = try await scenes.fetchScene(scene.id)
        #expect(detail.summary.count == 3 && detail.summary.duration == 7.5)
    }

    @Test func anItemAppearsOncePerSceneAndBadEditsChangeNothing() async throws {
        let (h, scenes) = try await setUp()
        let scene = try await scenes.createScene(title: "Crypt")
        try await scenes.addItems([tid(1), tid(2)], to: scene.id)
        await #expect(throws: CollectionsError.itemAlreadyInScene(itemID: tid(1), sceneID: scene.id, position: 0)) {
            try await scenes.addItems([tid(3), tid(1)], to: scene.id)
        }
        await #expect(throws: CollectionsError.itemRepeated(tid(3))) {
            try await scenes.addItems([tid(3), tid(3)], to: scene.id)
        }
        await #expect(throws: CollectionsError.itemNotFound(tid(99))) {
            try await scenes.addItems([tid(99)], to: scene.id)
        }
        await #expect(throws: CollectionsError.positionOutOfRange(3, count: 2)) {
            try await scenes.addItems([tid(3)], to: scene.id, at: 3)
        }
        await #expect(throws: CollectionsError.positionOutOfRange(2, count: 1)) {
            try await scenes.moveItem(tid(1), in: scene.id, to: 2)
        }
        await #expect(throws: CollectionsError.itemNotInScene(itemID: tid(3), sceneID: scene.id)) {
            try await scenes.removeItem(tid(3), from: scene.id)
        }
        await #expect(throws: CollectionsError.sceneNotFound("crypt")) { try await scenes.fetchScene("crypt") }
        #expect(try await order(scenes, scene.id) == [tid(1), tid(2)])
        #expect(try await positions(h, scene.id) == [0, 1])
    }

    @Test func titlesAreUniqueAndDeletingKeepsTheItems() async throws {
        let (h, scenes) = try await setUp()
        let a = try await scenes.createScene(title: "Tavern")
        let b = try await scenes.createScene(title: "Ambush")
        await #expect(throws: CollectionsError.duplicateTitle("Tavern", sceneID: a.id)) {
            try await scenes.createScene(title: "Tavern")
        }
        await #expect(throws: CollectionsError.emptyTitle) { try await scenes.createScene(title: "   ") }
        await #expect(throws: CollectionsError.duplicateTitle("Ambush", sceneID: b.id)) {
            try await scenes.renameScene(a.id, to: "Ambush")
        }
        try await scenes.addItems([tid(1), tid(6)], to: "Tavern")
        try await scenes.addItems([tid(1)], to: "Ambush")
        let renamed = try await scenes.renameScene("Tavern", to: "Inn")
        #expect(renamed.title == "Inn" && renamed.items.count == 2)
        #expect(try await scenes.fetchScenes().map(\.title) == ["Ambush", "Inn"])
        #expect(try await scenes.fetchScenes().map(\.count) == [1, 2])
        #expect(try await scenes.deleteScene("Inn") == a.id)
        #expect(try await scenes.fetchScenes().map(\.id) == [b.id])
        let (sceneItems, items) = try await h.library.database.writer.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scene_item") ?? -1,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM library_item") ?? -1
            )
        }
        #expect(sceneItems == 1 && items == 6)
        #expect(try await h.library.items.fetchItemDetail(itemID: tid(6)).isVisible)
    }
}
