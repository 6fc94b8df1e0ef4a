import CatalogModel
import GRDB

/// Packs with their state; a pack is named by id (either case) or slug. Lists show the packs the
/// catalog lists plus hidden ones that still have something installed.
///
/// ```swift
/// let packs = try await library.packs.listPacks(kind: .sfx)
/// let detail = try await library.packs.packDetail(packId: "dungeon-delve")
/// let ready = try await library.packs.isPackInstalled(packId: detail.pack.id)
/// ```
public struct PackRepository: Sendable {
    let context: LibraryContext

    /// Packs of `kind` (nil: all), by title.
    public func listPacks(kind: Kind?) async throws -> [PackWithState] {
        try await context.database.read { db in
            var sql = PackWithState.select + " WHERE (p.is_visible = 1 OR COALESCE(ps.state, 'not_downloaded') <> 'not_downloaded')"
            var arguments = StatementArguments()
            if let kind {
                sql += " AND p.kind = ?"
                arguments = [kind.rawValue]
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY p.title COLLATE NOCASE, p.id", arguments: arguments)
                .map(PackWithState.init(row:))
        }
    }

    /// Brief name: packs of one kind.
    public func listPacks(kind: Kind) async throws -> [PackWithState] {
        try await listPacks(kind: Optional(kind))
    }

    /// The pack (by id or slug) with its visible items in pack order.
    public func packDetail(packId: String) async throws -> PackDetail {
        let pack = try await pack(packId)
        let paths = context.paths
        let items = try await context.database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(LibraryItemRow.columns) FROM library_item li \(LibraryItemRow.joins)
                WHERE pi.pack_id = ? AND li.is_visible = 1 ORDER BY pi.sort_order, li.title COLLATE NOCASE, li.id
                """, arguments: [pack.id]).map { LibraryItemRow(row: $0, paths: paths) }
        }
        return PackDetail(pack: pack, items: items)
    }

    /// Whether the pack's state is `downloaded`.
    public func isPackInstalled(packId: String) async throws -> Bool {
        try await pack(packId).isInstalled
    }

    /// The pack named by id (either case) or slug; throws `notFound`.
    public func pack(_ reference: String) async throws -> PackWithState {
        let id = CanonicalID.parse(reference) ?? reference
        let found = try await context.database.read { db in
            try Row.fetchOne(db, sql: PackWithState.select + " WHERE p.id = ? OR p.slug = ?", arguments: [id, reference])
                .map(PackWithState.init(row:))
        }
        guard let found else { throw LibraryClientError.notFound(what: "pack", reference: reference) }
        return found
    }
}
