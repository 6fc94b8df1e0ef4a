import CatalogModel
import Foundation
import GRDB
import SyntheticData
import TestSupport
import Testing

@testable import LibraryClient

/// Keyset paging on random catalogs: walking every page with random page sizes returns every
/// row once, in order, and both query engines page alike — also when a sync (adding, hiding and
/// retitling items) or a favorite commits between two pages. Bad cursors are refused.
@Suite struct KeysetPagingTests {
    static let words = ["alpha", "Alpha", "ALPHA", "beta", "Gamma", "delta", "échelle", "Zeta", "zeta"]

    /// A random sfx catalog: items 1...count in two packs, titles with case-only differences and
    /// repeats, some unknown durations, random locations.
    static func seed(_ rng: inout SplitMix64, count: Int, version: Int = 1) -> Seed {
        var items: [Seed.Item] = []
        for n in 1...count {
            let title = words[rng.below(words.count)] + (rng.below(3) == 0 ? "" : " \(rng.below(4))")
            let duration: Double? = rng.below(4) == 0 ? nil : Double(rng.below(5))
            let location = ["Forest", "Swamp", "Underdark"][rng.below(3)]
            items.append(SeedFactory.item(n, title, order: n, duration: duration, tags: TagSet(locations: [location])))
        }
        let half = count / 2
        return SeedFactory.seed(
            version: version, vocabulary: [.location: ["Forest", "Swamp", "Underdark"]],
            packs: [
                SeedFactory.pack(10_000, "first", kind: .sfx, items: Array(items[..<half])),
                SeedFactory.pack(10_001, "second", kind: .sfx, items: Array(items[half...])),
            ])
    }

    /// Walks every page; `between` runs after each page and returns ids whose rows it changed.
    static func walk(
        pageSize: @escaping () -> Int, fetch: (PageRequest) async throws -> ItemPage,
        between: (Int) async throws -> Set<String> = { _ in [] }
    ) async throws -> (ids: [String], changed: Set<String>) {
        var ids: [String] = []
        var changed = Set<String>()
        var request = PageRequest(limit: pageSize())
        for step in 0..<1000 {
            let page = try await fetch(request)
            ids += page.items.map(\.id)
            guard let next = page.nextCursor else { return (ids, changed) }
            #expect(page.items.count == request.limit)
            changed.formUnion(try await between(step))
            request = PageRequest(limit: pageSize(), after: next)
        }
        Issue.record("the walk did not end")
        return (ids, changed)
    }

    /// Every row of `before` not in `changed` appears exactly once in `walked`, in `before`'s order.
    static func check(walked: [String], before: [String], changed: Set<String>) {
        let stable = before.filter { !changed.contains($0) }
        let stableWalked = walked.filter { !changed.contains($0) }
        #expect(stableWalked == stable, "walked \(walked.count) rows; changed \(changed.count)")
    }

    @Test(arguments: [1, 2, 3, 4])
    func bothEnginesPageLikeTheWholeList(seed: UInt64) async throws {
        var rng = SplitMix64(seed: seed)
        let h = try Harness(mode: .facetIndex)
        try await h.publishAndSync(Self.seed(&rng, count: 30 + rng.below(40)))
        let index = try h.library
        let sql = try h.reopen(mode: .sql)
        let forest = try await index.resolver.resolve([.location: ["Forest", "Swamp"]])
        for sort in ItemSort.allCases {
            for filters in [Filters(), forest] {
                let whole = try await sql.items.fetchItems(kind: .sfx, filters: filters, sort: sort).map(\.id)
                for library in [index, sql] {
                    let walked = try await Self.walk(pageSize: { 1 + rng.below(7) }) {
                        try await library.items.fetchItems(kind: .sfx, filters: filters, sort: sort, page: $0)
                    }
                    #expect(walked.ids == whole, "\(sort) \(filters)")
                }
            }
        }
    }

    @Test(arguments: [(Library.QueryMode.facetIndex, UInt64(11)), (.sql, 12), (.facetIndex, 13), (.sql, 14)])
    func pagesStayStableWhenASyncOrAFavoriteCommitsBetweenThem(mode: Library.QueryMode, seed: UInt64) async throws {
        var rng = SplitMix64(seed: seed)
        let count = 40 + rng.below(30)
        var catalog = Self.seed(&rng, count: count)
        let h = try Harness(mode: mode)
        try await h.publishAndSync(catalog)
        var version = 1
        var nextItem = count + 1
        for sort in ItemSort.allCases {
            let lib = try h.library
            let before = try await lib.items.fetchItems(kind: .sfx, filters: Filters(), sort: sort).map(\.id)
            let walked = try await Self.walk(pageSize: { 1 + rng.below(6) }) {
                try await lib.items.fetchItems(kind: .sfx, filters: Filters(), sort: sort, page: $0)
            } between: { step in
                if step % 2 == 0 {
                    try await lib.favorites.favorite(itemID: tid(1 + rng.below(count)))
                    return []
                }
                // A sync: one item hidden, one retitled, two added.
                version += 1
                catalog.catalogVersion = version
                var changed = Set<String>()
                let pack = rng.below(2)
                if catalog.packs[pack].items.count > 2 {
                    changed.insert(catalog.packs[pack].items.remove(at: rng.below(catalog.packs[pack].items.count)).id)
                }
                let retitle = rng.below(catalog.packs[1 - pack].items.count)
                catalog.packs[1 - pack].items[retitle].title = Self.words[rng.below(Self.words.count)] + " new"
                changed.insert(catalog.packs[1 - pack].items[retitle].id)
                for _ in 0..<2 {
                    catalog.packs[pack].items.append(
                        SeedFactory.item(
                            nextItem, Self.words[rng.below(Self.words.count)], order: nextItem,
                            tags: TagSet(locations: ["Forest"])))
                    changed.insert(tid(nextItem))
                    nextItem += 1
                }
                try await h.publishAndSync(catalog, version: version)
                return changed
            }
            Self.check(walked: walked.ids, before: before, changed: walked.changed)
        }
    }

    @Test func searchAndFavoritesPageStably() async throws {
        var rng = SplitMix64(seed: 21)
        let h = try Harness()
        let catalog = Self.seed(&rng, count: 60)
        try await h.publishAndSync(catalog)
        let lib = try h.library
        let before = try await lib.items.fetchItems(matching: "alpha", kind: .sfx, filters: Filters()).map(\.id)
        #expect(before.count > 5)
        let walked = try await Self.walk(pageSize: { 1 + rng.below(4) }) {
            try await lib.items.fetchItems(matching: "alpha", kind: .sfx, filters: Filters(), page: $0)
        } between: { step in
            var next = catalog
            next.catalogVersion = 2 + step
            next.packs[0].items.append(SeedFactory.item(500 + rng.below(1000), "Alpha extra"))
            try await h.publishAndSync(next, version: next.catalogVersion)
            return Set(next.packs[0].items.suffix(1).map(\.id))
        }
        Self.check(walked: walked.ids, before: before, changed: walked.changed)

        for n in 1...25 { try await lib.favorites.favorite(itemID: tid(n)) }
        let favorites = try await lib.favorites.fetchFavorites(page: PageRequest()).items.map(\.id)
        #expect(favorites == (1...25).reversed().map(tid))
        let walkedFavorites = try await Self.walk(
            pageSize: { 1 + rng.below(5) },
            fetch: {
                try await lib.favorites.fetchFavorites(page: $0)
            }
        ) { _ in
            try await lib.favorites.favorite(itemID: tid(30 + rng.below(20)))  // newer favorites go to the front
            return []
        }
        Self.check(walked: walkedFavorites.ids, before: favorites, changed: [])
    }

    @Test func searchPutsTitleMatchesFirstThenTitleOrder() async throws {
        let h = try Harness()
        try await h.publishAndSync(
            SeedFactory.seed(
                version: 1,
                packs: [
                    SeedFactory.pack(
                        100, "storm", kind: .sfx, title: "Storm Pack",
                        items: [
                            SeedFactory.item(1, "Thunder", subtitle: "rain on the roof"),
                            SeedFactory.item(2, "rain, heavy"),
                            SeedFactory.item(3, "Distant Rain"),
                            SeedFactory.item(4, "Wind"),
                        ]),
                    SeedFactory.pack(
                        200, "rainy", kind: .atmosphere, title: "Rainy Day", items: [SeedFactory.item(5, "Puddles")]),
                ]))
        let lib = try h.library
        let hits = try await lib.items.fetchItems(matching: "rain", kind: nil, filters: Filters())
        #expect(hits.map(\.id) == [tid(3), tid(2), tid(5), tid(1)])  // title matches by title, then the others by title
        let firstTwo = try await lib.items.fetchItems(
            matching: "rain", kind: nil, filters: Filters(), page: PageRequest(limit: 2))
        let rest = try await lib.items.fetchItems(
            matching: "rain", kind: nil, filters: Filters(),
            page: PageRequest(limit: 5, after: firstTwo.nextCursor))
        #expect(
            (firstTwo.items + rest.items).map(\.id) == hits.map(\.id) && firstTwo.total == 4 && rest.nextCursor == nil)
    }

    @Test func forgedForeignAndDamagedCursorsAreRefused() async throws {
        var rng = SplitMix64(seed: 31)
        let h = try Harness()
        try await h.publishAndSync(Self.seed(&rng, count: 20))
        let lib = try h.library
        let page = try await lib.items.fetchItems(
            kind: .sfx, filters: Filters(), sort: .title, page: PageRequest(limit: 3))
        let cursor = try #require(page.nextCursor)
        #expect(cursor.string.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        // One character changed.
        var chars = Array(cursor.string)
        chars[chars.count / 2] = chars[chars.count / 2] == "A" ? "B" : "A"
        let altered = PageCursor(String(chars))
        await #expect(throws: PagingError.invalidCursor(altered.string)) {
            try await lib.items.fetchItems(
                kind: .sfx, filters: Filters(), sort: .title, page: PageRequest(limit: 3, after: altered))
        }
        for garbage in ["", "abc", "%%%", String(repeating: "A", count: 64)] {
            await #expect(throws: PagingError.invalidCursor(garbage)) {
                try await lib.favorites.fetchFavorites(page: PageRequest(limit: 3, after: PageCursor(garbage)))
            }
        }
        // The right library, another query.
        await #expect(throws: PagingError.foreignCursor(cursor.string, expected: "list of sfx items by duration")) {
            try await lib.items.fetchItems(
                kind: .sfx, filters: Filters(), sort: .duration, page: PageRequest(limit: 3, after: cursor))
        }
        let forest = try await lib.resolver.resolve([.location: ["Forest"]])
        await #expect(throws: PagingError.self) {
            try await lib.items.fetchItems(
                kind: .sfx, filters: forest, sort: .title, page: PageRequest(limit: 3, after: cursor))
        }
        await #expect(throws: PagingError.foreignCursor(cursor.string, expected: "favorites list")) {
            try await lib.favorites.fetchFavorites(page: PageRequest(limit: 3, after: cursor))
        }
        // Another data root's cursor for the same query.
        let other = try Harness()
        try await other.publishAndSync(Self.seed(&rng, count: 20))
        await #expect(throws: PagingError.invalidCursor(cursor.string)) {
            try await other.library.items.fetchItems(
                kind: .sfx, filters: Filters(), sort: .title, page: PageRequest(limit: 3, after: cursor))
        }
        // The cursor still works where it belongs, in both engines alike.
        let next = try await lib.items.fetchItems(
            kind: .sfx, filters: Filters(), sort: .title, page: PageRequest(limit: 3, after: cursor))
        let nextSQL = try await h.reopen(mode: .sql).items.fetchItems(
            kind: .sfx, filters: Filters(), sort: .title,
            page: PageRequest(limit: 3, after: cursor))
        #expect(next == nextSQL && next.items.count == 3)
    }
}
