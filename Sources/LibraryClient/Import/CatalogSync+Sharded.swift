import CatalogFormat
import Foundation
import GRDB

/// The facet index's state before a delta was applied and the items the delta touched: the
/// index saved for that state is patched for those items instead of rebuilt.
struct IndexPatch: Sendable, Hashable {
    var seed: String
    var generation: Int64
    var itemIDs: [String]
}

extension CatalogSync {
    /// A schema-2 catalog: the deltas since the imported version when catalog.json lists all of
    /// them and the first starts from the index imported; otherwise every shard, imported like a
    /// seed (also once after a schema-1 import, which kept no pack references).
    func syncSharded(
        _ catalog: FetchedCatalog, _ sharded: ShardedCatalogDocument, state: CatalogStateRecord, force: Bool,
        record: @escaping @Sendable (Database) throws -> Void,
        _ start: SyncResult
    ) async throws -> SyncResult {
        var result = start
        let indexSHA = sharded.index.sha256.lowercased()
        if !force, state.schemaVersion == 2, let version = state.catalogVersion, let imported = state.seedSHA256,
            let chain = sharded.deltaChain(from: version), !chain.isEmpty
        {
            // A delta that cannot be had (withheld, damaged) is no reason to stop: everything is fetched instead.
            let delta = try? await fetcher.fetchDelta(chain, of: catalog)
            if let delta, delta.header.fromIndex.lowercased() == imported {
                PhaseTimer.current?.mark("\(chain.count) delta\(chain.count == 1 ? "" : "s") fetched")
                let before = try await database.read { db in try CatalogStateRecord.current(db) }
                let (summary, touched) = try await DeltaApply(database: database, delta: delta, file: chain[0].url).run
                {
                    db, _ in
                    try record(db)
                    _ = try CatalogStateRecord.filter(key: 1)
                        .updateAll(db, CatalogStateRecord.Columns.seedSHA256.set(to: indexSHA))
                }
                PhaseTimer.current?.mark("delta applied in one transaction")
                result.summary = summary
                result.transfer = .delta
                result.patch = IndexPatch(seed: imported, generation: before.dataGeneration, itemIDs: touched)
                return result
            }
        }
        let index = try await fetcher.fetchIndex(sharded, of: catalog)
        let assembled = try await ShardedSeedFile.assemble(catalog, sharded, index: index, fetcher: fetcher)
        defer { assembled.seed.remove() }
        let files = assembled.packFiles
        result.summary = try await importSeed(assembled.seed, force: force) { db in
            try record(db)
            try PackFileRecord.replaceAll(files, db)
        }
        result.transfer = .full
        return result
    }
}
