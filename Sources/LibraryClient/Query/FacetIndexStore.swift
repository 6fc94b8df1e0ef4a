import CatalogFormat
import FacetEngine
import Foundation
import GRDB

/// Keeps the in-memory ``FacetIndex`` in step with SQLite (the source of truth) and answers facet
/// counts and filtered lists from it. The index is persisted as `<root>/facet-index.bin`, stamped
/// with the imported seed's SHA-256 and `catalog_state.data_generation`; a fresh process loads the
/// file when its stamp matches and rebuilds it from SQLite otherwise (missing, damaged, stale).
/// Every query first reads the current stamp (one tiny SQL read), so writes made through other
/// connections or processes are noticed.
actor FacetIndexStore: QueryEngine {
    struct Loaded: Sendable {
        var index: FacetIndex
        var stamp: Stamp
        var values: DimensionValueCatalog
    }

    let database: AppDatabase
    let paths: LibraryPaths
    private var loaded: Loaded?
    private var rankings: [String: ItemRanking] = [:]

    /// The index file's head read ahead, until the first query takes it.
    private var headRead: FacetIndexHeadRead?

    /// `headRead`: the index file's head, already being read (a library opened to answer queries).
    init(database: AppDatabase, paths: LibraryPaths, headRead: FacetIndexHeadRead? = nil) {
        self.database = database
        self.paths = paths
        self.headRead = headRead
    }

    // MARK: QueryEngine

    /// Counted outside the actor: the actor hands out the current index (a value), so concurrent
    /// queries (a server's requests) count in parallel instead of one after another.
    nonisolated func facetCounts(kind: Kind, filters: Filters) async throws -> FacetCounts {
        // The index holds tags, not what is installed or what a search matches: those are SQL's.
        if filters.installedOnly || filters.searchMatch != nil {
            return try await sqlEngine.facetCounts(kind: kind, filters: filters)
        }
        let (current, raw) = try await checkedAnswer(from: self.current()) {
            $0.index.counts(kind: kind, filters: filters)
        }
        return current.values.facetCounts(kind: kind, total: raw.total, raw: raw.counts)
    }

    func page(kind: Kind, filters: Filters, sort: ItemSort, page: PageRequest) async throws -> ItemPage {
        if filters.installedOnly || filters.searchMatch != nil {
            return try await sqlEngine.page(kind: kind, filters: filters, sort: sort, page: page)
        }
        return try await keysetPage(kind: kind, filters: filters, sort: sort, page: page)
    }

    /// The plain-SQL engine over the same database, for what the index does not hold.
    nonisolated var sqlEngine: SQLQueryEngine { SQLQueryEngine(database: database, paths: paths) }

    // MARK: Keeping in step

    /// Rebuilds from SQLite and persists (after an import, or when the file is unusable).
    func rebuild() async throws {
        let (index, stamp, values) = try await database.read { db in
            (try FacetIndexLoader.build(db), try Stamp.current(db), try DimensionValueCatalog(db))
        }
        install(Loaded(index: index, stamp: stamp, values: values))
        persist()
    }

    /// Installs and persists an index built elsewhere from exactly the committed rows (a first
    /// import's ``FacetIndexPrebuild``), stamped with the database's current state. An index
    /// waiting in a file is copied into place with that stamp and read by sections.
    func install(prebuilt built: FacetIndexPrebuild.Built) async throws {
        let (stamp, values) = try await database.read { db in (try Stamp.current(db), try DimensionValueCatalog(db)) }
        switch built {
        case .memory(let index):
            install(Loaded(index: index, stamp: stamp, values: values))
            persist()
        case .file(let spill):
            defer { try? FileManager.default.removeItem(at: spill) }
            do {
                try FacetIndex.restamp(
                    spill, stamp: FacetIndexPrebuild.spillStamp, to: paths.facetIndex, newStamp: stamp.text)
                let index = try FacetIndex(mapping: paths.facetIndex, expectedStamp: stamp.text)
                install(Loaded(index: index, stamp: stamp, values: values))
            } catch {
                try await rebuild()
            }
        }
    }

    /// Re-reads `itemIDs` (tags, visibility) into the index. The writer bumped the generation
    /// once in its transaction; when the index is exactly one generation behind, the items are
    /// patched (``apply(_:from:to:values:)``), otherwise (other writes happened too) it is rebuilt.
    func refresh(itemIDs: [String]) async throws {
        let (entries, stamp, values) = try await database.read { db in
            (try FacetIndexLoader.entries(itemIDs: itemIDs, db), try Stamp.current(db), try DimensionValueCatalog(db))
        }
        guard let current = loaded?.stamp, current.seed == stamp.seed,
            current.generation == stamp.generation || current.generation + 1 == stamp.generation
        else {
            return try await rebuild()
        }
        try await apply(entries, from: current, to: stamp, values: values)
    }

    /// After a delta: the index of the state before it with the touched items re-read, stamped
    /// with the current state (``apply(_:from:to:values:)``).
    func patch(_ patch: IndexPatch) async throws {
        let (entries, stamp, values) = try await database.read { db in
            (
                try FacetIndexLoader.entries(itemIDs: patch.itemIDs, db), try Stamp.current(db),
                try DimensionValueCatalog(db)
            )
        }
        try await apply(entries, from: Stamp(seed: patch.seed, generation: patch.generation), to: stamp, values: values)
    }

    /// The index of state `old` with `entries` upserted, installed and saved as state `stamp`. An
    /// index held whole in memory is patched there; otherwise the saved file is patched section
    /// by section (``FacetIndex/patchFile(_:at:expectedStamp:newStamp:)``: at 1M items a few MB
    /// instead of the whole index twice). Rebuilt when neither is at hand.
    private func apply(
        _ entries: [FacetIndexLoader.Entry], from old: Stamp, to stamp: Stamp, values: DimensionValueCatalog
    ) async throws {
        if loaded?.stamp == old, var whole = loaded?.index, whole.sections == nil {
            loaded = nil
            for entry in entries {
                whole.upsert(item: entry.number, kind: entry.kind, visible: entry.visible, tags: entry.tags)
            }
            install(Loaded(index: whole, stamp: stamp, values: values))
            persist()
            return
        }
        if loaded?.stamp == old { loaded = nil }
        do {
            try FacetIndex.patchFile(entries, at: paths.facetIndex, expectedStamp: old.text, newStamp: stamp.text)
            let index = try FacetIndex(mapping: paths.facetIndex, expectedStamp: stamp.text)
            install(Loaded(index: index, stamp: stamp, values: values))
        } catch {
            try await rebuild()
        }
    }

    /// The index matching the database's current stamp: the one in memory, the file, or a rebuild.
    func current() async throws -> Loaded {
        if let loaded {
            let stamp = try await database.read { try Stamp.current($0) }
            if loaded.stamp == stamp { return loaded }
            // The head only: each slot's posting lists are read when a query first needs them.
            if let index = try? FacetIndex(mapping: paths.facetIndex, expectedStamp: stamp.text) {
                let values = try await database.read { try DimensionValueCatalog($0) }
                let fresh = Loaded(index: index, stamp: stamp, values: values)
                install(fresh)
                return fresh
            }
        } else if let first = try await firstLoad() {
            return first
        }
        try await rebuild()
        guard let loaded else { throw LibraryClientError.facetIndexUnavailable(path: paths.facetIndex.path) }
        return loaded
    }

    /// A process's first query: the file's head is read while SQLite opens its reader connection
    /// and reads the stamp and the value names (two cores: 1–1.5 ms less before the first answer),
    /// or was read already while the database opened (``FacetIndexHeadRead``).
    /// Nil when the file is missing, damaged or stamped for another state.
    private func firstLoad() async throws -> Loaded? {
        let file = headRead ?? FacetIndexHeadRead(paths.facetIndex)
        headRead = nil
        let (stamp, values) = try await database.read { db in (try Stamp.current(db), try DimensionValueCatalog(db)) }
        guard case .success(let found) = await file.result, found.stamp == stamp.text else { return nil }
        let fresh = Loaded(index: found.index, stamp: stamp, values: values)
        install(fresh)
        return fresh
    }

    /// Rebuilds after a section of the loaded file failed its checks (the file is rewritten).
    func rebuildDamaged() async throws -> Loaded {
        if let loaded, !loaded.index.isDamaged { return loaded }
        try await rebuild()
        guard let loaded else { throw LibraryClientError.facetIndexUnavailable(path: paths.facetIndex.path) }
        return loaded
    }

    /// `body`'s answer from `current`; when a section of `current`'s file failed its checks while
    /// `body` read it (the answer may then miss items), the index is rebuilt and `body` answers again.
    nonisolated func checkedAnswer<T>(from current: Loaded, _ body: (Loaded) throws -> T) async throws -> (Loaded, T) {
        let answer = try body(current)
        guard current.index.isDamaged else { return (current, answer) }
        let rebuilt = try await rebuildDamaged()
        return (rebuilt, try body(rebuilt))
    }

    private func install(_ new: Loaded) {
        loaded = new
        rankings = [:]
    }

    /// The stamp of the index in memory (nil before one is loaded).
    var currentStamp: Stamp? { loaded?.stamp }

    /// Caches an order sorted for the index's current state.
    func keep(_ ranking: ItemRanking, key: String) { rankings[key] = ranking }

    /// Best effort: a read-only data root still works, it just rebuilds in the next process.
    private func persist() {
        guard let loaded, !loaded.index.isDamaged else { return }
        try? loaded.index.write(to: paths.facetIndex, stamp: loaded.stamp.text)
    }

    /// The display order of `kind` in `sort` order: kept in memory, else read from
    /// `facet-orders/` when it was saved for the current stamp (`saved`, when the caller read it
    /// already), else sorted by SQLite and saved.
    func ranking(kind: Kind, sort: ItemSort, saved: SavedRanking? = nil) async throws -> ItemRanking {
        let key = "\(kind.rawValue)/\(sort.rawValue)"
        if let cached = rankings[key] { return cached }
        if let loaded,
            let found = (saved?.stamp == loaded.stamp ? saved : nil) ?? Self.savedRanking(kind, sort, paths, loaded)
        {
            rankings[key] = found.ranking
            return found.ranking
        }
        let (built, stamp) = try await database.read {
            (try ItemRanking(kind: kind, sort: sort, $0), try Stamp.current($0))
        }
        rankings[key] = built
        // Best effort, as the index file.
        try? built.write(to: ItemRanking.file(kind: kind, sort: sort, root: paths.root), stamp: stamp.text)
        return built
    }

    /// An order read from `facet-orders/`, with the stamp it was read for.
    struct SavedRanking: Sendable {
        var ranking: ItemRanking
        var stamp: Stamp
    }

    func rankingIsInMemory(kind: Kind, sort: ItemSort) -> Bool { rankings["\(kind.rawValue)/\(sort.rawValue)"] != nil }

    /// The order saved for `loaded`'s stamp, or nil when no good file is saved (runs off the actor).
    static func savedRanking(_ kind: Kind, _ sort: ItemSort, _ paths: LibraryPaths, _ loaded: Loaded) -> SavedRanking? {
        let url = ItemRanking.file(kind: kind, sort: sort, root: paths.root)
        guard
            let ranking = try? ItemRanking(
                contentsOf: url, expectedStamp: loaded.stamp.text, maxItem: loaded.index.itemNumberBound)
        else { return nil }
        return SavedRanking(ranking: ranking, stamp: loaded.stamp)
    }

    /// After a delta (``patch(_:)`` done): each order saved for the state before it, with the
    /// touched items moved to their new places (``RankingPatch``), kept and saved for the current
    /// state. An order with no saved file, or a change touching more than
    /// ``RankingPatch/mostChanged`` items, is left for ``prepareRankings()`` to sort.
    func patchRankings(_ patch: IndexPatch) async {
        let old = Stamp(seed: patch.seed, generation: patch.generation)
        guard let loaded, let changed = try? await database.read({ try RankingPatch.keys(ids: patch.itemIDs, $0) })
        else { return }
        for kind in Kind.allCases {
            for sort in ItemSort.allCases {
                let url = ItemRanking.file(kind: kind, sort: sort, root: paths.root)
                guard
                    let saved = try? ItemRanking(
                        contentsOf: url, expectedStamp: old.text, maxItem: loaded.index.itemNumberBound),
                    changed.count <= RankingPatch.mostChanged,
                    let order = try? await database.read({
                        try RankingPatch(kind: kind, sort: sort, db: $0).apply(to: saved.order, changed: changed)
                    })
                else { continue }
                let ranking = ItemRanking(order: order)
                rankings["\(kind.rawValue)/\(sort.rawValue)"] = ranking
                try? ranking.write(to: url, stamp: loaded.stamp.text)
            }
        }
    }

    /// Sorts and saves every ranking now (after an import), so that no list query, in this
    /// process or a later one, waits for a sort.
    func prepareRankings() async {
        _ = try? await current()
        for kind in Kind.allCases {
            for sort in ItemSort.allCases { _ = try? await ranking(kind: kind, sort: sort) }
        }
    }
}
