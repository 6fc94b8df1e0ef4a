import CatalogFormat
import GRDB

extension FacetIndexStore {
    /// A page of the filtered list from the index: matches from the posting lists, the display
    /// order from the cached ranking, a cursor resolved by binary search over that order. The
    /// ranking and the cursor probes must see the same database state as the index; when another
    /// write landed in between, the index is brought in step and the page computed again.
    func keysetPage(kind: Kind, filters: Filters, sort: ItemSort, page: PageRequest) async throws -> ItemPage {
        let query = ItemListPaging.query(kind: kind, filters: filters, sort: sort)
        let keyset = sort.keyset
        let paths = self.paths
        for _ in 0..<5 {
            let loaded = try await self.current()
            // The saved order is read on another thread while this one finds the matches.
            let inMemory = rankingIsInMemory(kind: kind, sort: sort)
            async let saved = inMemory ? nil : Self.savedRanking(kind, sort, paths, loaded)
            let (current, matches) = try await checkedAnswer(from: loaded) {
                $0.index.matchingSet(kind: kind, filters: filters)
            }
            let total = matches.count
            let ranking = try await ranking(kind: kind, sort: sort, saved: await saved)
            let stamp = current.stamp
            let result: ItemPage? = try await database.read { db in
                guard try Stamp.current(db) == stamp else { return nil }
                let pager = KeysetPager(order: keyset, query: query, codec: try CursorCodec(db))
                let start = try pager.position(page).map { try ranking.firstPosition(after: $0, keyset, db) } ?? 0
                let numbers = ranking.page(
                    of: matches, count: total, from: start, offset: page.offset, limit: page.limit.map { $0 + 1 })
                let shown = page.limit.map { Array(numbers.prefix($0)) } ?? numbers
                let rows = try ItemRanking.rows(shown, paths: paths, db)
                var next: PageCursor?
                if numbers.count > shown.count, let last = shown.last {
                    next = pager.codec.encode(try ItemRanking.keys(of: last, keyset, db), for: query)
                }
                return ItemPage(total: total, items: rows, nextCursor: next)
            }
            if let result { return result }
        }
        throw LibraryClientError.database(
            path: database.path, code: SQLiteResultCode(rawValue: 5),
            message: "the library kept changing while a page was read; try again")
    }
}
