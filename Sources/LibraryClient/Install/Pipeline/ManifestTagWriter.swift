import CatalogFormat
import GRDB

/// Applies a manifest's tags (pack-level ∪ per-asset) to its items inside the install
/// transaction, upserting new dimension values through the importer's ``DimensionIDs``
/// (`INSERT … ON CONFLICT(name) DO NOTHING`) and inserting join rows conflict-ignoring.
/// Bumps `catalog_state.data_generation` when anything changed.
struct ManifestTagWriter {
    let kind: Kind

    /// Returns the ids of items that gained a tag.
    func apply(_ manifest: Manifest, _ db: Database) throws -> [String] {
        var dimensions = try DimensionIDs(db, vocabularies: Vocabularies())
        let packTags = manifest.tags ?? TagSet()
        var changed: [String] = []
        for asset in manifest.assets {
            let tags = Self.normalized(packTags.union(asset.tags ?? TagSet()))
            guard !tags.isEmpty else { continue }
            let itemId = asset.itemId.lowercased()
            var added = false
            for (dim, ids) in try dimensions.ids(for: tags, kind: kind, db) {
                // Raw SQL: the join table is chosen per dimension at run time (six tables of one shape, no record each).
                let insert = try db.cachedStatement(
                    sql: "INSERT INTO \(dim.joinTable)(item_id, \(dim.joinColumn)) VALUES (?, ?) ON CONFLICT DO NOTHING"
                )
                for id in ids {
                    try insert.execute(arguments: [itemId, id])
                    if db.changesCount > 0 { added = true }
                }
            }
            if added { changed.append(itemId) }
        }
        if !changed.isEmpty { try CatalogStateRecord.bumpGeneration(db) }
        return changed
    }

    /// Names in canonical form (NFC, trimmed, inner white space folded); empty names dropped.
    static func normalized(_ tags: TagSet) -> TagSet {
        var result = TagSet()
        for key in TagSet.keys {
            var seen = Set<String>()
            result[key] = tags[key].map(TagName.normalize).filter { !$0.isEmpty && seen.insert($0).inserted }
        }
        return result
    }
}
