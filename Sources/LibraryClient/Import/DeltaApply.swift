import CatalogFormat
import Foundation
import GRDB

/// Applies a merged ``CatalogDelta`` over the imported catalog in one transaction, through the
/// same writer and checks as a streamed update: changed packs, then changed and new items (with
/// their tags, sound figures, credits and playback), new positions, and what is no longer listed
/// hidden. Any refusal rolls the whole change back.
///
/// ```swift
/// let (summary, ids) = try await DeltaApply(database: db, delta: change, file: "deltas/…").run { db, _ in … }
/// ```
struct DeltaApply {
    let database: AppDatabase
    let delta: CatalogDelta
    let file: String

    /// The import's counts and the ids of every item and music entry it touched (for the facet index).
    func run(alsoWrite: @escaping @Sendable (Database, ImportSummary) throws -> Void) async throws -> (
        ImportSummary, [String]
    ) {
        let delta = delta
        let file = file
        do {
            return try await database.write { db -> (ImportSummary, [String]) in
                var writer = try SeedStreamWriter(db, file: file, now: Timestamp.now(), updating: true)
                let header = Seed(
                    catalogVersion: delta.header.to, vocabularies: delta.header.vocabularies, music: delta.music,
                    packs: [], loudness: delta.header.loudness)
                try writer.begin(header)
                var packIndex: [String: Int] = [:]
                for (i, pack) in delta.packs.enumerated() {
                    try writer.pack(pack.seedPack, index: i)
                    packIndex[CanonicalID.normalized(pack.id)] = i
                }
                for (i, entry) in delta.items.enumerated() {
                    let packID = CanonicalID.normalized(entry.packId)
                    if packIndex[packID] == nil, let stored = try writer.update?.storedPack(packID) {
                        packIndex[packID] = writer.storedPack(id: packID, kind: stored.kind, title: stored.title)
                    }
                    guard let p = packIndex[packID] else {
                        throw Diagnostic(
                            .error,
                            "item \(entry.item.id) names pack \(entry.packId), which is neither in the delta nor stored",
                            file: file, path: "$.item[\(i)].packId")
                    }
                    try writer.item(entry.item, pack: p, index: entry.item.sortOrder)
                }
                try writer.end(loudness: delta.header.loudness)
                let summary = try writer.finishDelta(delta)
                try PackFileRecord.upsert(delta.packs.map(\.head), db)
                _ = try PackFileRecord.deleteAll(db, keys: delta.removedPacks.map { CanonicalID.normalized($0) })
                try alsoWrite(db, summary)
                let touched = delta.items.map(\.item.id) + delta.music.map(\.id) + delta.removed
                return (summary, touched.map { CanonicalID.normalized($0) })
            }
        } catch let diagnostic as Diagnostic {
            throw LibraryClientError.invalidDocument(diagnostic)
        }
    }
}

extension PackFileRecord {
    /// Saves the references of `heads`, replacing those of the same packs.
    static func upsert(_ heads: [ShardPackHead], _ db: Database) throws {
        for head in heads {
            var record = PackFileRecord(head)
            record.packID = CanonicalID.normalized(head.id)
            try record.save(db)
        }
    }

    /// Replaces every row with `heads` (after a full import of a schema-2 catalog).
    static func replaceAll(_ heads: [ShardPackHead], _ db: Database) throws {
        try deleteAll(db)
        try upsert(heads, db)
    }
}
