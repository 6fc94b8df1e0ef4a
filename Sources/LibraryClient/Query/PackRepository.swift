import CatalogFormat
import GRDB

/// Packs with their state; a pack is named by id (either case) or slug. Lists show the packs the
/// catalog lists plus hidden ones that still have something installed.
///
/// ```swift
/// let packs = try await library.packs.fetchPacks(kind: .sfx)
/// let detail = try await library.packs.fetchPackDetail("dungeon-delve")
/// let ready = try await library.packs.isPackInstalled(.id(detail.pack.id))
/// ```
public struct PackRepository: Sendable {
    let context: LibraryContext

    /// Packs of `kind` (nil: all), by title.
    public func fetchPacks(kind: Kind? = nil) async throws -> [PackWithState] {
        try await context.database.read { db in
            // Raw SQL: a condition over PackWithState's SELECT (pack p LEFT JOIN pack_state ps).
            var condition =
                "(p.is_visible = 1 OR COALESCE(ps.state, 'not_downloaded') NOT IN ('not_downloaded', 'offloaded'))"
            var arguments = StatementArguments()
            if let kind {
                condition += " AND p.kind = ?"
                arguments = [kind.rawValue]
            }
            return try PackWithState.fetchAll(
                db, where: condition, arguments: arguments, order: "ORDER BY p.title COLLATE NOCASE, p.id")
        }.map(truthful)
    }

    /// The pack with its visible items in pack order; throws ``LibraryClientError/packNotFound(_:)``.
    public func fetchPackDetail(_ reference: PackReference) async throws -> PackDetail {
        let pack = try await fetchPack(reference)
        let paths = context.paths
        // Raw SQL: the item row's columns and joins are LibraryItemRow's, shared by every item list.
        let items = try await context.database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(LibraryItemRow.columns) FROM library_item li \(LibraryItemRow.joins)
                    WHERE pi.pack_id = ? AND li.is_visible = 1 ORDER BY pi.sort_order, li.title COLLATE NOCASE, li.id
                    """, arguments: [pack.id]
            ).map { try LibraryItemRow(row: $0, paths: paths) }
        }
        return PackDetail(pack: pack, items: items)
    }

    /// Whether the pack's state is `downloaded`.
    public func isPackInstalled(_ reference: PackReference) async throws -> Bool {
        try await fetchPack(reference).isInstalled
    }

    /// The pack named by `reference`; throws ``LibraryClientError/packNotFound(_:)``.
    public func fetchPack(_ reference: PackReference) async throws -> PackWithState {
        let found = try await context.database.read { try PackWithState.fetchOne($0, reference) }
        guard let found else { throw LibraryClientError.packNotFound(reference) }
        return truthful(found)
    }

    /// A pack left `downloading` by a process that is gone (killed, or failing on a full disk
    /// before it could record the failure) reads as what it is: failed, interrupted. The row is
    /// corrected by the next install (``PackDownloadManager``); reading changes nothing.
    private func truthful(_ pack: PackWithState) -> PackWithState {
        guard pack.state == .downloading,
            !InstallLock.hasLiveOwner(StagingArea(paths: context.paths, packId: pack.id).lockFile)
        else { return pack }
        var shown = pack
        shown.state = .failed
        shown.lastError =
            pack.lastError
            ?? "interrupted: the download of pack \(pack.id) stopped before it finished (the installing process ended); installing the pack again resumes it"
        return shown
    }
}
