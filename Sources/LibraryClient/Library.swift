import CatalogFormat
import Foundation

/// The client library for one data root: the database, the repositories and catalog sync.
/// This is what an app (or the `client` tool) opens.
///
/// ```swift
/// let library = try Library(root: appSupportURL)
/// _ = try await library.sync(SyncOptions(catalog: URL(string: "https://cdn.example.com/shelf/")))
/// let rows = try await library.items.fetchItems(kind: .music, filters: Filters(), sort: .title)
/// ```
public final class Library: Sendable {
    /// How queries are answered.
    public enum QueryMode: Sendable, Hashable {
        /// Facet counts and filtered lists from the in-memory facet index, persisted as
        /// `facet-index.bin` beside the database and rebuilt from SQLite whenever it is stale.
        case facetIndex
        /// Everything from plain SQL.
        case sql
    }

    /// Where the library's files are.
    public let paths: LibraryPaths
    package let database: AppDatabase
    /// Lists, search and item detail.
    public let items: LibraryRepository
    /// Facet counts for filter pickers.
    public let facets: FacetRepository
    /// Packs with their state and progress.
    public let packs: PackRepository
    /// Music entries and their playlists.
    public let music: MusicRepository
    /// The person's favorite items.
    public let favorites: FavoritesRepository
    /// The person's scenes: ordered soundboards of items of any kind.
    public let scenes: ScenesRepository
    /// Turns tag names a person picked into ``Filters``.
    public let resolver: FilterResolver
    /// Records plays (counting, install-date and duplicate rules).
    public let plays: PlayRecorder
    /// Turns play counts from another player into plays.
    public let playImports: PlayImporter
    /// The listening history, newest first.
    public let history: HistoryRepository
    /// Personal charts by period.
    public let charts: ChartsRepository
    /// Listening statistics.
    public let stats: StatsRepository
    let context: LibraryContext
    let indexStore: FacetIndexStore?

    /// Opens (creating when needed) the library at `root`.
    public convenience init(root: URL, mode: QueryMode = .facetIndex) throws {
        let paths = LibraryPaths(root: root)
        self.init(paths: paths, database: try AppDatabase.open(at: paths.database), mode: mode)
    }

    /// Opens the library at `root` to ask it questions only: its database is opened read-only
    /// when it exists and needs no migration (``AppDatabase/openForReading(at:)``), so nothing is
    /// written to it, and whatever would write (a sync, a favorite, a play) fails. The facet
    /// index and the list orders are still saved beside it when they had to be made again.
    ///
    /// ```swift
    /// let library = try Library(readingAt: root)
    /// let counts = try await library.facets.fetchFacetCounts(kind: .sfx)
    /// ```
    package convenience init(readingAt root: URL, mode: QueryMode = .facetIndex) throws {
        let paths = LibraryPaths(root: root)
        // The index file's head is read while the database opens.
        let head = mode == .facetIndex ? FacetIndexHeadRead(paths.facetIndex) : nil
        self.init(paths: paths, database: try AppDatabase.openForReading(at: paths.database), mode: mode, head: head)
    }

    private init(paths: LibraryPaths, database: AppDatabase, mode: QueryMode, head: FacetIndexHeadRead? = nil) {
        self.paths = paths
        self.database = database
        indexStore = mode == .facetIndex ? FacetIndexStore(database: database, paths: paths, headRead: head) : nil
        context = LibraryContext(database: database, paths: paths, indexEngine: indexStore)
        items = LibraryRepository(context: context)
        facets = FacetRepository(context: context)
        packs = PackRepository(context: context)
        music = MusicRepository(context: context)
        favorites = FavoritesRepository(context: context)
        scenes = ScenesRepository(context: context)
        resolver = FilterResolver(context: context)
        plays = PlayRecorder(context: context)
        playImports = PlayImporter(context: context)
        history = HistoryRepository(context: context)
        charts = ChartsRepository(context: context)
        stats = StatsRepository(context: context)
    }

    /// Whether a library already exists at `root` (without creating one).
    public static func exists(at root: URL) -> Bool {
        FileManager.default.fileExists(atPath: LibraryPaths(root: root).database.path)
    }

    /// The catalog state: location, trusted key, last imported version and seed.
    package func catalogState() async throws -> CatalogStateRecord {
        try await database.read { try CatalogStateRecord.current($0) }
    }

    /// Whether a seed has been imported.
    public func isImported() async throws -> Bool {
        // Raw SQL: every command of `client` asks this first; reading the record would make a fresh
        // process read the table's schema first.
        try await database.read { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT seed_sha256 IS NOT NULL FROM catalog_state WHERE id = 1")) ?? false
        }
    }

    /// Fetches catalog.json, checks its signature (once a key is trusted), refuses rollbacks and
    /// expired catalogs, then imports the seed or applies its changes in one transaction. A refused
    /// sync changes nothing.
    ///
    /// The first import into a library that no other connection has open writes each page once,
    /// outside the write-ahead log: reads of the library that start meanwhile may wait for its commit
    /// (at a million items, about half a minute). With another connection open (another process,
    /// or a read in progress), it goes through the log and reads see the empty library until then.
    ///
    /// ```swift
    /// let result = try await library.sync(SyncOptions(catalog: URL(string: "https://cdn.example.com/shelf/")))
    /// print(result.inserted, result.updated, result.hidden)
    /// ```
    public func sync(_ options: SyncOptions, transport: any CatalogTransport = URLCatalogTransport()) async throws
        -> SyncResult
    {
        let timer = PhaseTimer()
        let retries = RetryLog()
        // A first import killed before its commit left its facet index waiting: of no use now.
        try? FileManager.default.removeItem(at: paths.facetIndexPrebuilt)
        return try await RetryLog.$current.withValue(retries) {
            try await PhaseTimer.$current.withValue(timer) {
                var sync = CatalogSync(database: database, fetcher: CatalogFetcher(transport: transport))
                let prebuild = indexStore == nil ? nil : FacetIndexPrebuild(spill: paths.facetIndexPrebuilt)
                sync.prebuild = prebuild
                let result = try await sync.run(options)
                // What the import's parsing, sorts and page cache freed, before the index is read.
                if result.summary.didWrite { FreedMemory.giveBack() }
                // Best effort: the database is committed; a failed rebuild is retried by the next query.
                if result.summary.didWrite, let indexStore {
                    // The log is copied into the database file while the index and orders are prepared.
                    async let copied: Void = database.checkpoint()
                    if let index = prebuild?.result() {
                        // A first import: the list orders are sorted on a reader connection while
                        // the index is put in place.
                        async let sorted = indexStore.sortEveryRanking()
                        try? await indexStore.install(prebuilt: index)
                        await indexStore.adopt(await sorted)
                    } else if let patch = result.patch {
                        try? await indexStore.patch(patch)
                        await indexStore.patchRankings(patch)
                    } else {
                        // Rebuilt only when the import changed the database's stamp (seed or generation):
                        // a forced re-import that changed nothing keeps the index it has.
                        _ = try? await indexStore.current()
                    }
                    timer.mark("facet index in step")
                    await indexStore.prepareRankings()
                    timer.mark("list orders sorted and saved")
                    await copied
                    timer.mark("write-ahead log copied")
                }
                var timed = result
                timed.phases = timer.phases
                timed.retries = retries.count
                return timed
            }
        }
    }

    /// Call after a write that changed the tags or visibility of `itemIDs` (e.g. an installer
    /// applying manifest tags) and bumped `catalog_state.data_generation` in its transaction
    /// (``CatalogStateRecord/bumpGeneration(_:)``): brings the facet index in step.
    package func refreshIndexedItems(_ itemIDs: [String]) async throws {
        try await indexStore?.refresh(itemIDs: itemIDs)
    }
}
