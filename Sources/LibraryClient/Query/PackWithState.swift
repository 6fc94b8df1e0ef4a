import CatalogFormat
import GRDB

/// A pack with its download state and progress (`client packs`).
///
/// ```swift
/// let packs = try await library.packs.fetchPacks(kind: .sfx)
/// packs.first?.state   // .notDownloaded
/// ```
public struct PackWithState: Sendable, Hashable, Identifiable {
    public var id: String
    /// The pack's slug (`dungeon-delve`).
    public var slug: String?
    /// Atmosphere or sound effects.
    public var kind: Kind
    /// The pack's title.
    public var title: String
    /// The pack's description from the catalog, when it has one.
    public var description: String?
    /// The pack's artwork, when the catalog has one.
    public var artworkURL: String?
    /// The version the catalog lists.
    public var version: Int
    /// Where the pack's manifest is, relative to catalog.json or absolute.
    public var manifestURL: String
    /// Where the pack stands on this device.
    public var state: PackState
    /// The version installed, when one is (it may be older than ``version``).
    public var installedVersion: Int?
    /// The size of the download under way or done, in bytes.
    public var bytesTotal: Int64?
    /// The size of the pack's archive, what a first install fetches, when the catalog lists it
    /// (a schema-2 catalog does; with a schema-1 catalog it is known once an install starts,
    /// as ``bytesTotal``).
    public var archiveBytes: Int64?
    /// The bytes fetched so far.
    public var bytesDownloaded: Int64?
    /// Why the last install failed, for people.
    public var lastError: String?
    /// False when the current catalog no longer lists the pack.
    public var isVisible: Bool
    /// How many of the pack's items the catalog lists.
    public var itemCount: Int

    /// Installed and current.
    public var isInstalled: Bool { state == .downloaded }
}

extension PackWithState {
    // Raw SQL: pack LEFT JOIN pack_state and pack_file with a correlated count of visible items through pack_item
    // (two associations and a filtered aggregate in the query interface, harder to read than this).
    private static let select = """
        SELECT p.id, p.slug, p.kind, p.title, p.description, p.artwork_url, p.version, p.manifest_url,
               COALESCE(ps.state, 'not_downloaded') AS state, ps.installed_version, ps.bytes_total,
               ps.bytes_downloaded, ps.last_error, p.is_visible, pf.archive_bytes,
               (SELECT COUNT(*) FROM pack_item pi JOIN library_item li ON li.id = pi.item_id
                WHERE pi.pack_id = p.id AND li.is_visible = 1) AS item_count
        FROM pack p LEFT JOIN pack_state ps ON ps.pack_id = p.id LEFT JOIN pack_file pf ON pf.pack_id = p.id
        """

    /// The packs matching `condition` (over `p` = pack, `ps` = pack_state), then `order`.
    static func fetchAll(
        _ db: Database, where condition: String, arguments: StatementArguments = [], order: String = ""
    ) throws -> [PackWithState] {
        // Raw SQL: `select` (above) under the caller's condition over its aliases.
        try Row.fetchAll(db, sql: select + " WHERE \(condition) \(order)", arguments: arguments).map(Self.init(row:))
    }

    /// The pack with id `id`.
    static func fetchOne(_ db: Database, id: String) throws -> PackWithState? {
        try fetchAll(db, where: "p.id = ?", arguments: [id]).first
    }

    /// The pack `reference` names (by id or by slug).
    static func fetchOne(_ db: Database, _ reference: PackReference) throws -> PackWithState? {
        switch reference {
        case .id(let id): try fetchOne(db, id: id)
        case .slug(let slug): try fetchAll(db, where: "p.slug = ?", arguments: [slug]).first
        }
    }

    /// Decodes a row of ``select`` by column name; an unknown kind or state is an error.
    init(row: Row) throws {
        id = row["id"]
        slug = row["slug"]
        kind = try StoredValue.decode(Kind.self, row["kind"], table: "pack", column: "kind")
        title = row["title"]
        description = row["description"]
        artworkURL = row["artwork_url"]
        version = row["version"]
        manifestURL = row["manifest_url"]
        state = try StoredValue.decode(PackState.self, row["state"], table: "pack_state", column: "state")
        installedVersion = row["installed_version"]
        bytesTotal = row["bytes_total"]
        bytesDownloaded = row["bytes_downloaded"]
        archiveBytes = row["archive_bytes"]
        lastError = row["last_error"]
        isVisible = row["is_visible"]
        itemCount = row["item_count"]
    }
}

/// A pack with its items in pack order.
public struct PackDetail: Sendable, Hashable {
    /// The pack with its state.
    public var pack: PackWithState
    /// Its listed items in pack order.
    public var items: [LibraryItemRow]

    /// A pack detail from its parts.
    public init(pack: PackWithState, items: [LibraryItemRow]) {
        self.pack = pack
        self.items = items
    }
}
