import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// Favorites through the library API: idempotent marking, newest first, the flag on every item
/// shape, and hidden items that stay favorites after a catalog update.
@Suite struct FavoritesTests {
    @Test func favoriteIsIdempotentAndNewestComesFirst() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let favorites = try h.library.favorites
        #expect(try await favorites.favorite(itemID: tid(2)))
        #expect(try await favorites.favorite(itemID: tid(6).uppercased()))
        #expect(try await favorites.favorite(itemID: tid(1)))
        #expect(try await favorites.favorite(itemID: tid(2)) == false)  // again: keeps its place
        let page = try await favorites.fetchFavorites(page: PageRequest())
        #expect(page.items.map(\.id) == [tid(1), tid(6), tid(2)])
        #expect(page.total == 3 && page.items.allSatisfy(\.isFavorite) && page.nextCursor == nil)
        #expect(try await favorites.unfavorite(itemID: tid(6)))
        #expect(try await favorites.unfavorite(itemID: tid(6)) == false)
        #expect(try await favorites.fetchFavorites(page: PageRequest()).items.map(\.id) == [tid(1), tid(2)])
        #expect(try await favorites.favorite(itemID: tid(6)))  // back, now the newest
        #expect(try await favorites.fetchFavorites(page: PageRequest()).items.first?.id == tid(6))
        await #expect(throws: CollectionsError.itemNotFound(tid(77))) { try await favorites.favorite(itemID: tid(77)) }
    }

    @Test(arguments: [Library.QueryMode.sql, .facetIndex])
    func listSearchAndShowCarryTheFlag(mode: Library.QueryMode) async throws {
        let h = try Harness(mode: mode)
        try await h.publishAndSync(FilterFacetTests.seed())
        let lib = try h.library
        try await lib.favorites.favorite(itemID: tid(3))
        let rows = try await lib.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title)
        #expect(rows.filter(\.isFavorite).map(\.id) == [tid(3)])
        #expect(
            try await lib.items.fetchItems(matching: "three", kind: nil, filters: Filters()).first?.isFavorite == true)
        #expect(
            try await lib.items.fetchItems(matching: "two", kind: nil, filters: Filters()).first?.isFavorite == false)
        #expect(try await lib.items.fetchItemDetail(itemID: tid(3)).item.isFavorite)
        #expect(try await lib.items.fetchItemDetail(itemID: tid(1)).item.isFavorite == false)
    }

    @Test func hiddenItemsStayFavoritesAndScenesAsUnavailable() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        try await UpdateTests().install(h, pack: 100, items: [4])
        let lib = try h.library
        try await lib.favorites.favorite(itemID: tid(4))
        try await lib.favorites.favorite(itemID: tid(6))
        let scene = try await lib.scenes.createScene(title: "Crypt")
        try await lib.scenes.addItems([tid(4), tid(1)], to: scene.id)
        #expect(try await lib.favorites.fetchFavorites(page: PageRequest()).items.allSatisfy(\.isAvailable) == false)
        // Item 4 is installed.
        #expect(try await lib.favorites.fetchFavorites(page: PageRequest()).items.last?.isAvailable == true)
        var v2 = FilterFacetTests.seed()
        v2.catalogVersion = 2
        v2.packs[0].items.remove(at: 3)  // item 4 leaves the catalog
        v2.packs.remove(at: 1)  // and the atmosphere pack with item 6
        #expect(try await h.publishAndSync(v2).hidden == 3)
        let favorites = try await lib.favorites.fetchFavorites(page: PageRequest())
        #expect(favorites.items.map(\.id) == [tid(6), tid(4)] && favorites.total == 2)
        #expect(favorites.items.allSatisfy { !$0.isVisible && !$0.isAvailable && $0.isFavorite })
        let detail = try await lib.scenes.fetchScene("Crypt")
        #expect(detail.items.map(\.id) == [tid(4), tid(1)] && detail.summary.count == 2)
        #expect(detail.items.map(\.isAvailable) == [false, false] && detail.items.map(\.isVisible) == [false, true])
        #expect(
            try await lib.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title).contains { $0.id == tid(4) }
                == false)
    }

    @Test func migrationAddsTheTablesToAnExistingDataRoot() async throws {
        let tmp = try TemporaryDirectory(prefix: "favorites-migration")
        let paths = LibraryPaths(root: tmp.url)
        try FileManager.default.createDirectory(at: tmp.url, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: paths.database.path)
        try AppDatabase.migrator.migrate(queue, upTo: "v1-search")
        let before = try await queue.read { db in try db.tableExists("favorite") }
        #expect(before == false)
        try queue.close()
        let library = try Library(root: tmp.url)
        let tables = try await library.database.writer.read { db in
            try ["favorite", "scene", "scene_item", "client_secret"].map { try db.tableExists($0) }
        }
        #expect(tables == [true, true, true, true])
        let key = try await library.database.writer.read {
            try Data.fetchOne($0, sql: "SELECT cursor_key FROM client_secret")
        }
        #expect(key?.count == 32)
    }
}
