import CatalogFormat
import Foundation
import GRDB

/// What `sync` is asked to do.
///
/// ```swift
/// var options = SyncOptions(catalog: URL(string: "https://cdn.example.com/shelf/"))
/// options.trustKeyFile = "catalog.pub"
/// ```
public struct SyncOptions: Sendable, Hashable {
    /// The catalog's folder or its catalog.json (`https://`, `http://` or a file URL); nil uses
    /// the one remembered from the last successful sync.
    public var catalog: URL?
    /// Re-import even when the seed's SHA-256 is unchanged.
    public var force: Bool
    /// A public key file (base64 raw Ed25519) to trust from now on for this data root.
    public var trustKeyFile: String?
    /// Accept a `catalogVersion` lower than the last imported one.
    public var allowDowngrade: Bool
    /// The clock used for `expires` (tests set it).
    public var now: Date

    /// Options for one sync; the defaults sync the remembered catalog.
    public init(
        catalog: URL? = nil, force: Bool = false, trustKeyFile: String? = nil,
        allowDowngrade: Bool = false, now: Date = Date()
    ) {
        self.catalog = catalog
        self.force = force
        self.trustKeyFile = trustKeyFile
        self.allowDowngrade = allowDowngrade
        self.now = now
    }
}

/// What a sync did: `{"catalogVersion", "inserted", "updated", "hidden"}`.
public struct SyncResult: Sendable, Hashable {
    /// The catalog version now imported.
    public var catalogVersion: Int
    /// The catalog location synced from.
    public var location: String
    /// The import's counts.
    public var summary: ImportSummary
    /// How long each phase took, in order (where a slow sync spends its time).
    public var phases: [SyncPhase] = []
    /// Requests tried again after a transient failure (408, 429, 5xx, a dropped or stalled connection).
    public var retries = 0

    /// Items added by this sync.
    public var inserted: Int { summary.inserted }
    /// Items changed by this sync.
    public var updated: Int { summary.updated }
    /// Items the catalog no longer lists (hidden, their files kept).
    public var hidden: Int { summary.hidden }
}

/// One sync: read catalog.json → verify signature (when a key is trusted) → refuse expired or
/// rolled-back catalogs → fetch and verify the seed → import or update in one transaction that
/// also records the catalog's state. Any refusal happens before the database is touched.
///
/// ```swift
/// let result = try await CatalogSync(database: db, fetcher: CatalogFetcher()).run(options)
/// ```
package struct CatalogSync: Sendable {
    package let database: AppDatabase
    package let fetcher: CatalogFetcher
    /// Set by ``Library``: a first import builds the facet index into it while committing.
    var prebuild: FacetIndexPrebuild?

    package init(database: AppDatabase, fetcher: CatalogFetcher) {
        self.database = database
        self.fetcher = fetcher
    }

    package func run(_ options: SyncOptions) async throws -> SyncResult {
        let state = try await database.read { try CatalogStateRecord.current($0) }
        let location: CatalogLocation
        if let url = options.catalog {
            location = try CatalogLocation.parsing(url)
        } else if let text = state.catalogLocation {
            location = try CatalogLocation.parsing(text)
        } else {
            throw LibraryClientError.noCatalogLocation
        }
        let trustedKey = try options.trustKeyFile.map(CatalogFetcher.readTrustedKey(atPath:)) ?? state.trustedPublicKey
        let catalog = try await fetcher.fetchCatalog(at: location, trustedKey: trustedKey)
        try fetcher.checkFreshness(
            catalog, importedVersion: state.catalogVersion, allowDowngrade: options.allowDowngrade,
            now: options.now)
        let version = catalog.document.catalogVersion
        let record: @Sendable (Database) throws -> Void = { db in
            typealias Columns = CatalogStateRecord.Columns
            _ = try CatalogStateRecord.filter(key: 1).updateAll(
                db, Columns.catalogLocation.set(to: location.description), Columns.trustedPublicKey.set(to: trustedKey),
                Columns.catalogVersion.set(to: version), Columns.lastSyncAt.set(to: Timestamp.now()))
        }
        let unchanged = state.seedSHA256 == catalog.document.seed.sha256.lowercased()
        if unchanged && !options.force {
            try await database.write(record)
            return SyncResult(catalogVersion: version, location: location.description, summary: ImportSummary())
        }
        let seedFile = try await fetcher.fetchSeedFile(of: catalog)
        defer { seedFile.remove() }
        let streamed = try await SeedStreamImport(database: database, seed: seedFile).run(prebuild: prebuild) { db, _ in
            try record(db)
        }
        if let streamed {
            return SyncResult(catalogVersion: version, location: location.description, summary: streamed)
        }
        let importer = SeedImporter(
            database: database, seed: try seedFile.decoded(), seedSHA256: seedFile.sha256, file: seedFile.name)
        let summary = try await importer.run(onlyIfEmpty: false, force: options.force, prebuild: prebuild) { db, _ in
            try record(db)
        }
        return SyncResult(catalogVersion: version, location: location.description, summary: summary)
    }
}
