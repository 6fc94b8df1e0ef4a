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
    /// A root of trust to trust from now on for this data root: a published `root/N.json`, its
    /// signatures beside it (`root/N.json.sig`). Later roots are walked from it at each sync.
    public var trustRootFile: String?
    /// Accept a `catalogVersion` lower than the last imported one.
    public var allowDowngrade: Bool
    /// The clock used for `expires` (tests set it).
    public var now: Date

    /// Options for one sync; the defaults sync the remembered catalog.
    public init(
        catalog: URL? = nil, force: Bool = false, trustKeyFile: String? = nil, trustRootFile: String? = nil,
        allowDowngrade: Bool = false, now: Date = Date()
    ) {
        self.catalog = catalog
        self.force = force
        self.trustKeyFile = trustKeyFile
        self.trustRootFile = trustRootFile
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
    /// What had to be fetched: nothing new, the deltas since the imported version, or everything.
    public var transfer = SyncTransfer.full
    /// Set when a delta was applied: the facet index is patched for these items, not rebuilt.
    var patch: IndexPatch?

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
        let given = options.trustRootFile != nil || options.trustKeyFile != nil
        let trust =
            try options.trustRootFile.map(CatalogTrust.rootFile(atPath:))
            ?? options.trustKeyFile.map { path throws(LibraryClientError) in
                try CatalogTrust.key(CatalogFetcher.readTrustedKey(atPath: path))
            }
            ?? CatalogTrust.stored(root: state.trustedRoot, key: state.trustedPublicKey)
        let known =
            options.force || given || state.catalogLocation != location.description
            ? nil
            : KnownCatalog(validators: state.catalogValidators, sha256: state.catalogSHA256, trust: trust?.identity)
        var fetcher = self.fetcher
        fetcher.now = options.now
        let fetched: FetchedCatalog?
        do {
            fetched = try await fetcher.fetchCatalog(at: location, trust: trust, known: known)
        } catch LibraryClientError.untrustedRoot(let error, let reached?) {
            // As TUF's client does: the roots that passed are kept; the sync is refused.
            try await database.write { db in
                _ = try CatalogStateRecord.filter(key: 1).updateAll(
                    db, CatalogStateRecord.Columns.trustedRoot.set(to: reached),
                    CatalogStateRecord.Columns.trustedPublicKey.set(to: nil as String?))
            }
            throw LibraryClientError.untrustedRoot(error, reached: reached)
        }
        guard let catalog = fetched else { return try await notModified(state, location: location, now: options.now) }
        // New catalog keys: the catalog version remembered under the old ones no longer binds.
        try fetcher.checkFreshness(
            catalog, importedVersion: catalog.catalogKeysChanged ? nil : state.catalogVersion,
            allowDowngrade: options.allowDowngrade, now: options.now)
        let version = catalog.document.catalogVersion
        let kept = catalog.trust ?? trust
        let trustedRoot = kept?.rootBytes.map { String(decoding: $0, as: UTF8.self) }
        let trustedKey = kept?.key
        let record: @Sendable (Database) throws -> Void = { db in
            typealias Columns = CatalogStateRecord.Columns
            _ = try CatalogStateRecord.filter(key: 1).updateAll(
                db, Columns.catalogLocation.set(to: location.description), Columns.trustedPublicKey.set(to: trustedKey),
                Columns.trustedRoot.set(to: trustedRoot),
                Columns.catalogVersion.set(to: version), Columns.lastSyncAt.set(to: Timestamp.now()),
                Columns.catalogSHA256.set(to: catalog.sha256), Columns.catalogEtag.set(to: catalog.validators.etag),
                Columns.catalogLastModified.set(to: catalog.validators.lastModified),
                Columns.schemaVersion.set(to: catalog.document.schemaVersion),
                Columns.catalogExpires.set(to: catalog.document.expires))
        }
        var result = SyncResult(catalogVersion: version, location: location.description, summary: ImportSummary())
        let unchanged = state.seedSHA256 == catalog.document.importFile.sha256.lowercased()
        if unchanged && !options.force {
            try await database.write(record)
            result.transfer = .unchanged
            return result
        }
        let seed: FileReference
        switch catalog.document {
        case .schema2(let sharded):
            return try await syncSharded(catalog, sharded, state: state, force: options.force, record: record, result)
        case .schema1(let document):
            seed = document.seed
        }
        let seedFile = try await fetcher.fetchSeedFile(seed, of: catalog)
        defer { seedFile.remove() }
        result.summary = try await importSeed(seedFile, force: options.force) { db in try record(db) }
        return result
    }

    /// The streamed import of a whole seed, or the decoded one when the stream cannot judge it.
    func importSeed(
        _ seedFile: VerifiedSeedFile, force: Bool, alsoWrite: @escaping @Sendable (Database) throws -> Void
    ) async throws -> ImportSummary {
        let streamed = try await SeedStreamImport(database: database, seed: seedFile).run(prebuild: prebuild) { db, _ in
            try alsoWrite(db)
        }
        if let streamed { return streamed }
        let importer = SeedImporter(
            database: database, seed: try seedFile.decoded(), seedSHA256: seedFile.sha256, file: seedFile.name)
        return try await importer.run(onlyIfEmpty: false, force: force, prebuild: prebuild) { db, _ in
            try alsoWrite(db)
        }
    }

    /// The server said catalog.json is the one imported: only the time is recorded, unless the
    /// catalog has expired since.
    private func notModified(_ state: CatalogStateRecord, location: CatalogLocation, now: Date) async throws
        -> SyncResult
    {
        if let expires = state.catalogExpires {
            guard let date = ISO8601.date(expires) else {
                throw LibraryClientError.invalidExpiry(url: location.description, expires: expires)
            }
            if date <= now { throw LibraryClientError.expired(url: location.description, expires: expires) }
        }
        try await database.write { db in
            _ = try CatalogStateRecord.filter(key: 1).updateAll(
                db, CatalogStateRecord.Columns.lastSyncAt.set(to: Timestamp.now()))
        }
        var result = SyncResult(
            catalogVersion: state.catalogVersion ?? 0, location: location.description, summary: ImportSummary())
        result.transfer = .notModified
        return result
    }
}
