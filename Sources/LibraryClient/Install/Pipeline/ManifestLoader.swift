import CatalogFormat
import Foundation
import GRDB

/// A manifest that was fetched, checked against catalog.json and the pack, and validated.
struct LoadedManifest: Sendable {
    let manifest: Manifest
    /// Where it was read from; asset and archive URLs resolve against it.
    let url: URL

    var label: String { url.isFileURL ? url.path : url.absoluteString }

    /// An asset's or the archive's URL, resolved against the manifest's own URL.
    func resolve(_ reference: String) throws -> URL {
        guard let resolved = URL(string: reference, relativeTo: url)?.absoluteURL else {
            throw PackInstallError.invalidManifest(url: label, reason: "'\(reference)' is not a URL")
        }
        let scheme = resolved.scheme?.lowercased() ?? ""
        let allowed = url.isFileURL ? ["file", "http", "https"] : ["http", "https"]
        guard allowed.contains(scheme) else {
            throw PackInstallError.invalidManifest(
                url: label, reason: "'\(reference)' uses the scheme '\(scheme)', which is not allowed here")
        }
        return resolved
    }
}

/// Fetches the pack's manifest the safe way: re-reads catalog.json through ``CatalogFetcher``
/// (signature checked when a key is trusted), finds the pack's entry, requires the synced
/// version, fetches the manifest, checks its size and SHA-256 against the entry (a damaged
/// catalog.json or manifest is fetched once more, ``DamagedBody``), then checks `packId` and
/// `version` against the pack and validates the asset list.
///
/// ```swift
/// let loaded = try await ManifestLoader(database: db, transport: URLCatalogTransport()).load(pack)
/// ```
struct ManifestLoader: Sendable {
    let database: AppDatabase
    let transport: any CatalogTransport
    var catalogOverride: String?

    func load(_ pack: PackWithState) async throws -> LoadedManifest {
        let state = try await database.read { try CatalogStateRecord.current($0) }
        guard let text = catalogOverride ?? state.catalogLocation else { throw LibraryClientError.noCatalogLocation }
        let location = try CatalogLocation.parsing(text)
        let fetcher = CatalogFetcher(transport: transport)
        let catalog = try await fetcher.fetchCatalog(
            at: location, trust: try CatalogTrust.stored(root: state.trustedRoot, key: state.trustedPublicKey))
        try fetcher.checkFreshness(catalog, importedVersion: state.catalogVersion, allowDowngrade: false)
        guard let entry = try await entry(for: pack, in: catalog) else {
            throw PackInstallError.notInCatalog(packId: pack.id, catalog: location.description)
        }
        guard entry.version == pack.version else {
            throw PackInstallError.catalogChanged(packId: pack.id, listed: entry.version, synced: pack.version)
        }
        let url = location.resolve(entry.manifest.url)
        let label = url.isFileURL ? url.path : url.absoluteString
        let manifest = try await DamagedBody.onceMore(url, when: Self.isDamage) {
            try await fetchManifest(entry.manifest, url: url, label: label)
        }
        let items = try await database.read { db in
            try PackItemRecord.all().forPack(pack.id).select(PackItemRecord.Columns.itemId, as: String.self)
                .fetchSet(db)
        }
        try ManifestValidator(label: label, pack: pack, items: items).validate(manifest, entry: entry)
        return LoadedManifest(manifest: manifest, url: url)
    }

    /// The pack's entry: from catalog.json (schema 1), or as the last sync stored it from the
    /// pack's shard line (schema 2: the line was checked through the index's hashes).
    private func entry(for pack: PackWithState, in catalog: FetchedCatalog) async throws -> CatalogDocument.PackEntry? {
        if case .schema1(let document) = catalog.document {
            return document.packs.first(where: { CanonicalID.parse($0.id) == pack.id })
        }
        guard let files = try await database.read({ try PackFileRecord.fetchOne($0, key: pack.id) }) else { return nil }
        return CatalogDocument.PackEntry(
            id: pack.id, slug: pack.slug ?? "", kind: pack.kind, title: pack.title, version: files.version,
            manifest: files.manifest, archive: files.archive)
    }

    /// The manifest at `url`, its size and SHA-256 checked against catalog.json's `reference`, decoded.
    private func fetchManifest(_ reference: FileReference, url: URL, label: String) async throws -> Manifest {
        let data = try await transport.fetch(url, limit: Int(clamping: max(reference.bytes, 0)))
        switch reference.mismatch(in: data) {
        case nil: break
        case .size(let actual)?:
            throw PackInstallError.sizeMismatch(url: label, expected: reference.bytes, actual: "\(actual) bytes")
        case .sha256(let actual)?:
            throw PackInstallError.hashMismatch(url: label, expected: reference.sha256.lowercased(), actual: actual)
        }
        do { return try CatalogJSON.decode(Manifest.self, from: data, file: label) } catch {
            throw PackInstallError.invalidManifest(url: label, reason: error.description)
        }
    }

    /// A manifest damaged on the way: the wrong size or SHA-256, or unreadable. A manifest that
    /// fails only ``ManifestValidator`` is the published one, and is not fetched again.
    static func isDamage(_ error: any Error) -> Bool {
        switch error as? PackInstallError {
        case .sizeMismatch?, .hashMismatch?, .invalidManifest?: true
        default: false
        }
    }
}
