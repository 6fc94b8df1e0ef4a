import CatalogModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import LibraryClient

/// Observations an app subscribes to: the current value first, one new value per commit that
/// changes it, none for commits that do not (checked by the next value being the one the next
/// relevant commit causes), and the end of the sequence on cancel.
@Suite(.timeLimit(.minutes(5))) struct ObservationTests {
    @Test func aSyncUpdatesTheListAndTheFacetCountsAFavoriteOnlyTheList() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let lib = try h.library
        var list = lib.items.observeItems(kind: .sfx, filters: Filters(), sort: .title, limit: 10).makeAsyncIterator()
        var facets = lib.facets.observeFacetCounts(kind: .sfx, filters: Filters()).makeAsyncIterator()
        #expect(try await list.next()?.items.map(\.title) == ["Five", "Four", "One", "Three", "Two"])
        #expect(try await facets.next()?.total == 5)

        try await lib.favorites.favorite(itemID: tid(3))
        #expect(try await list.next()?.items.filter(\.isFavorite).map(\.id) == [tid(3)])

        var v2 = FilterFacetTests.seed()
        v2.catalogVersion = 2
        v2.packs[0].items.append(SeedFactory.item(7, "Seven", tags: TagSet(locations: ["Sewers"])))
        v2.vocabularies.append("Sewers", to: .location)
        try await h.publishAndSync(v2)
        let afterSync = try await list.next()
        #expect(afterSync?.total == 6 && afterSync?.items.contains { $0.title == "Seven" } == true)
        // The favorite did not re-emit the counts: the next value is the sync's.
        let counts = try await facets.next()
        #expect(counts?.total == 6 && counts?.facets[.location]?.contains { $0.name == "Sewers" } == true)
    }

    @Test func aPackObserverSeesStateChangesOnly() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let lib = try h.library
        var pack = lib.packs.observePack("mixed").makeAsyncIterator()
        #expect(try await pack.next()??.state == .notDownloaded)
        try await lib.favorites.favorite(itemID: tid(1))  // unrelated
        try await lib.scenes.createScene(title: "Unrelated")  // unrelated
        try await PackStateWriter(database: lib.database).begin(tid(100))
        let downloading = try await pack.next()
        #expect(downloading??.state == .downloading && downloading??.bytesDownloaded == 0)
        PackStateWriter(database: lib.database).recordProgress(tid(100), done: 2)
        #expect(try await pack.next()??.bytesDownloaded == 2)
        try await UpdateTests().install(h, pack: 100, items: [1])
        #expect(try await pack.next()??.state == .downloaded)
    }

    @Test func favoritesAndScenesEmitOncePerChange() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let lib = try h.library
        let tavern = try await lib.scenes.createScene(title: "Tavern")
        var favorites = lib.favorites.observeFavorites(limit: 10).makeAsyncIterator()
        var scene = lib.scenes.observeScene("Tavern").makeAsyncIterator()
        var scenes = lib.scenes.observeScenes().makeAsyncIterator()
        #expect(try await favorites.next()?.total == 0)
        #expect(try await scene.next()??.items.isEmpty == true)
        #expect(try await scenes.next()?.map(\.title) == ["Tavern"])

        // Each value is awaited before the next write: commits made back to back may reach an
        // observer as one value (GRDB coalesces them), which is not what is tested here.
        try await lib.favorites.favorite(itemID: tid(2))
        #expect(try await favorites.next()?.items.map(\.id) == [tid(2)])
        try await lib.favorites.favorite(itemID: tid(2))  // idempotent: no commit that changes anything
        try await lib.favorites.favorite(itemID: tid(5))
        #expect(try await favorites.next()?.items.map(\.id) == [tid(5), tid(2)])

        try await lib.scenes.createScene(title: "Ambush")  // not this scene
        #expect(try await scenes.next()?.map(\.title) == ["Ambush", "Tavern"])
        try await lib.scenes.addItems([tid(1), tid(2)], to: "Tavern")
        // The favorites above changed an item in no scene: the scene's next value is the add.
        #expect(try await scene.next()??.items.map(\.id) == [tid(1), tid(2)])
        #expect(try await scenes.next()?.map(\.count) == [0, 2])
        try await lib.scenes.renameScene("Tavern", to: "Inn")
        #expect(try await scene.next()??.title == "Inn")
        try await lib.scenes.deleteScene(tavern.id)
        let deleted = try await scene.next()
        #expect(deleted != nil && deleted! == nil)
        try await lib.favorites.unfavorite(itemID: tid(2))
        #expect(try await favorites.next()?.items.map(\.id) == [tid(5)])
    }

    @Test func cancellingTheTaskEndsTheObservation() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let lib = try h.library
        let (firstValue, signal) = AsyncStream.makeStream(of: Int.self)
        let observing = Task {
            var count = 0
            for try await page in lib.favorites.observeFavorites(limit: 5) {
                count += 1
                signal.yield(page.total)
            }
            return count
        }
        var signals = firstValue.makeAsyncIterator()
        #expect(await signals.next() == 0)
        try await lib.favorites.favorite(itemID: tid(1))
        #expect(await signals.next() == 1)
        observing.cancel()
        #expect(try await observing.value == 2)  // the loop ended
        try await lib.favorites.favorite(itemID: tid(2))  // nobody listens; nothing breaks
        #expect(try await lib.favorites.fetchFavorites(page: PageRequest()).total == 2)
    }
}

/// Commits through another connection (another `Library` on the same root stands in for another
/// process: GRDB's own observation never sees its commits) reach the observations and
/// `externalCommits()` through `PRAGMA data_version`.
@Suite(.timeLimit(.minutes(5))) struct ExternalCommitObservationTests {
    @Test func aFavoriteAddedThroughAnotherConnectionReachesTheObservers() async throws {
        let h = try Harness()
        try await h.publishAndSync(FilterFacetTests.seed())
        let lib = try h.library
        let other = try h.reopen()
        var favorites = lib.favorites.observeFavorites(limit: 10).makeAsyncIterator()
        var commits = lib.externalCommits().makeAsyncIterator()
        #expect(try await favorites.next()?.total == 0)

        try await other.favorites.favorite(itemID: tid(2))
        #expect(try await favorites.next()?.items.map(\.id) == [tid(2)])
        #expect(await commits.next() != nil)

        try await other.favorites.unfavorite(itemID: tid(2))
        #expect(try await favorites.next()?.total == 0)
    }
}
