import CatalogModel
import Foundation
import LibraryClient

/// The user's own state in the catalog benchmark: favorites and scenes added before the query
/// measurements (so lists carry the favorite flag from a populated table), then keyset pages
/// deep in a list, favorites pages and scene reads.
enum UserStateBench {
    /// Favorites every `stride`-th sfx item (newest first) and makes `scenes` scenes of `perScene`
    /// items. Returns a report row.
    static func populate(_ library: Library, favorites: Int, scenes: Int, perScene: Int) async throws -> String {
        let ids = try await library.items.fetchItems(
            kind: .sfx, filters: Filters(), sort: .recent,
            page: PageRequest(limit: max(favorites, scenes * perScene))
        ).items.map(\.id)
        let start = DispatchTime.now().uptimeNanoseconds
        for id in ids.prefix(favorites) { try await library.favorites.favorite(itemID: id) }
        let favorited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        for n in 0..<scenes {
            let scene = try await library.scenes.createScene(title: "Bench scene \(n)")
            let slice = ids.indices.filter { $0 % scenes == n }.prefix(perScene).map { ids[$0] }
            try await library.scenes.addItems(slice, to: scene.id)
        }
        return CatalogBench.row(
            "favorites + scenes added",
            String(
                format: "%d favorites (%.2f ms each), %d scenes of %d items",
                min(favorites, ids.count), favorited * 1000 / Double(max(1, favorites)),
                scenes, perScene))
    }

    /// Keyset pages: the next page after a cursor 10 pages into each filtered list, favorites
    /// pages, one scene.
    static func measure(_ label: String, _ library: Library, _ filters: [(Kind, Filters)]) async throws -> [String] {
        var cursors: [(Kind, Filters, PageCursor)] = []
        for (kind, filter) in filters {
            let page = try await library.items.fetchItems(
                kind: kind, filters: filter, sort: .title, page: PageRequest(limit: 500))
            if let last = page.nextCursor { cursors.append((kind, filter, last)) }
        }
        var samples: [Double] = []
        for (kind, filter, cursor) in cursors {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await library.items.fetchItems(
                kind: kind, filters: filter, sort: .title, page: PageRequest(limit: 50, after: cursor))
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        var rows = [
            CatalogBench.row(
                "list page of 50 after a cursor at row 500 (\(label))",
                samples.isEmpty ? "-" : CatalogBench.Stats(samples).text)
        ]
        guard label == "index" else { return rows }
        var favoriteSamples: [Double] = []
        var request = PageRequest(limit: 50)
        for _ in 0..<40 {
            let start = DispatchTime.now().uptimeNanoseconds
            let page = try await library.favorites.fetchFavorites(page: request)
            favoriteSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            request = PageRequest(limit: 50, after: page.nextCursor)
            if page.nextCursor == nil { request = PageRequest(limit: 50) }
        }
        rows.append(
            CatalogBench.row("favorites page of 50 (walking the pages)", CatalogBench.Stats(favoriteSamples).text))
        var sceneSamples: [Double] = []
        let scenes = try await library.scenes.fetchScenes()
        for scene in scenes {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await library.scenes.fetchScene(scene.id)
            sceneSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        if !sceneSamples.isEmpty {
            rows.append(
                CatalogBench.row(
                    "scene show (\(scenes.first?.count ?? 0) items)", CatalogBench.Stats(sceneSamples).text))
        }
        return rows
    }
}
