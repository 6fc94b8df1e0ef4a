import CatalogFormat
import GRDB

/// How an entry already stored is brought in line with the seed, shared by the whole-document
/// update (``SeedWriter``) and the streamed one (``SeedStreamUpdate``).
extension SeedWriter {
    /// Writes `pack` over its stored row `old` (nil: a new pack) where they differ, counting it in
    /// `summary`; returns whether its title changed (its items' search rows then change too).
    /// An id never changes kind: that is refused at `path`.
    func writePack(
        _ pack: Seed.Pack, over old: ExistingCatalog.Pack?, path: @autoclosure () -> String,
        _ db: Database, _ summary: inout ImportSummary
    ) throws -> Bool {
        let desired = ExistingCatalog.Pack(pack)
        guard let old else {
            try writePack(pack, db, insert: true)
            summary.inserted += 1
            return false
        }
        if old.kind != desired.kind { throw kindChange(pack.id, old.kind, desired.kind, path: path()) }
        guard old != desired else { return false }
        try writePack(pack, db, insert: false)
        summary.updated += 1
        return old.title != pack.title
    }

    /// Writes `item` over its stored row `old` (tags `oldTags`, a ``TagSignature``) where they
    /// differ, counting it in `summary`; returns whether its search row must be written again
    /// (title, subtitle, CatID or pack changed, or its pack's title is in `packTitleChanged`).
    func updateItem(
        _ item: DesiredItem, over old: ExistingCatalog.Item, oldTags: [Int64], packTitleChanged: Set<String>,
        _ bulk: BulkStatements, _ db: Database, _ summary: inout ImportSummary
    ) throws -> Bool {
        if old.kind != item.kind.rawValue {
            throw kindChange(item.id, old.kind, item.kind.rawValue, path: item.path)
        }
        let tagsChanged = oldTags != TagSignature.of(item.tags)
        if item.differs(from: old) || tagsChanged {
            try updateItem(item, old: old, bulk, db)
            if tagsChanged { try replaceTags(of: item, bulk, db) }
            summary.updated += 1
        }
        return old.title != item.title || old.subtitle != item.subtitle || old.packId != item.packId
            || old.ucs != item.ucs
            || item.packId.map(packTitleChanged.contains) == true
    }
}
