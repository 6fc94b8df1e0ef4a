import CatalogFormat
import GRDB

extension LibraryRepository {
    /// The first `limit` items of `kind` matching `filters` in `sort` order (with the total),
    /// again after every change to them: a sync, an install, a favorite.
    ///
    /// ```swift
    /// for try await page in library.items.observeItems(kind: .sfx, filters: filters, sort: .title, limit: 50) {
    ///     print(page.total, page.items.map(\.title))
    /// }
    /// ```
    public func observeItems(
        kind: Kind, filters: Filters = Filters(), sort: ItemSort = .title, limit: Int
    ) -> LibraryObservation<ItemPage> {
        let paths = context.paths
        let request = PageRequest(limit: limit)
        return .tracking(context.database, tables: ObservedTables.filteredItems) { db in
            try ItemListPaging.sqlPage(kind: kind, filters: filters, sort: sort, page: request, paths: paths, db)
        }
    }
}

extension FacetRepository {
    /// Facet counts for `kind` and `filters`, served from the facet index, again after each commit
    /// that changes tags or visibility (a sync, an install applying manifest tags) and changes them.
    ///
    /// ```swift
    /// for try await counts in library.facets.observeFacetCounts(kind: .sfx, filters: filters) { print(counts.total) }
    /// ```
    public func observeFacetCounts(kind: Kind, filters: Filters = Filters()) -> LibraryObservation<FacetCounts> {
        let context = self.context
        return .derived(
            context.database, tables: ["catalog_state"], trigger: { db in try FacetIndexStore.Stamp.current(db) }
        ) { _ in
            try await context.engine().facetCounts(kind: kind, filters: filters)
        }
    }
}

extension PackRepository {
    /// The pack (by id or slug) with its state and download progress, again after each change;
    /// nil when the library has no such pack.
    ///
    /// ```swift
    /// for try await pack in library.packs.observePack("dungeon-delve") { print(pack?.bytesDownloaded ?? 0) }
    /// ```
    public func observePack(_ reference: PackReference) -> LibraryObservation<PackWithState?> {
        .tracking(context.database, tables: ObservedTables.packs) { try PackWithState.fetchOne($0, reference) }
    }
}

extension FavoritesRepository {
    /// The newest `limit` favorites (with the total), again after each change to them.
    ///
    /// ```swift
    /// for try await page in library.favorites.observeFavorites(limit: 20) { print(page.total) }
    /// ```
    public func observeFavorites(limit: Int) -> LibraryObservation<Page<LibraryItemRow>> {
        let paths = context.paths
        let request = PageRequest(limit: limit)
        return .tracking(context.database, tables: ObservedTables.itemRows) { db in
            try Self.page(request, paths: paths, db)
        }
    }
}

extension ScenesRepository {
    /// The scene list with counts and durations, again after each change.
    ///
    /// ```swift
    /// for try await scenes in library.scenes.observeScenes() { print(scenes.map(\.title)) }
    /// ```
    public func observeScenes() -> LibraryObservation<[SceneSummary]> {
        .tracking(context.database, tables: ["scene", "scene_item", "library_item"]) { db in
            try SceneQueries.summaries(db)
        }
    }

    /// One scene (by id or exact title when the observation starts) with its items, again after
    /// each change; nil once it is deleted.
    ///
    /// ```swift
    /// for try await scene in library.scenes.observeScene("Game night") { print(scene?.items.count ?? 0) }
    /// ```
    public func observeScene(_ scene: String) -> LibraryObservation<SceneDetail?> {
        let paths = context.paths
        let id = LockedBox<String?>(nil)
        return .tracking(context.database, tables: ObservedTables.scenes) { db in
            let sceneID: String
            if let known = id.value {
                sceneID = known
            } else {
                sceneID = try SceneQueries.resolve(scene, db).id
                id.value = sceneID
            }
            return try SceneQueries.detail(sceneID, paths: paths, db)
        }
    }
}
