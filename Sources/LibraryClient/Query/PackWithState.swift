import CatalogModel
import GRDB

/// A pack with its download state and progress (`client packs`).
///
/// ```swift
/// let packs = try await library.packs.fetchPacks(kind: .sfx)
/// packs.first?.state   // .notDownloaded
/// ```
public struct PackWithState: Sendable, Hashable, Identifiable {
    public var id: String
    public var slug: String?
    public var kind: Kind
    public var title: String
    public var description: String?
    public var artworkURL: String?
    /// The version the catalog lists.
    public var version: Int
    public var manifestURL: String
    public var state: PackState
    public var installedVersion: Int?
    public var bytesTotal: Int64?
    public var bytesDownloaded: Int64?
    public var lastError: String?
    /// False when the current catalog no longer lists the pack.
    public var isVisible: Bool
    public var itemCount: Int

    /// Installed and current.
    public var isInstalled: Bool { state == .downloaded }

    static let select = """
        SELECT p.id, p.slug, p.kind, p.title, p.description, p.artwork_url, p.version, p.manifest_url,
               COALESCE(ps.state, 'not_downloaded') AS state, ps.installed_version, ps.bytes_total,
               ps.bytes_downloaded, ps.last_error, p.is_visible,
               (SELECT COUNT(*) FROM pack_item pi JOIN library_item li ON li.id = pi.item_id
                WHERE pi.pack_id = p.id AND li.is_visible = 1) AS item_count
        FROM pack p LEFT JOIN pack_state ps ON ps.pack_id = p.id
        """
}

extension PackWithState {
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
        lastError = row["last_error"]
        isVisible = row["is_visible"]
        itemCount = row["item_count"]
    }
}

/// A pack with its items in pack order.
public struct PackDetail: Sendable, Hashable {
    public var pack: PackWithState
    public var items: [LibraryItemRow]

    public init(pack: PackWithState, items: [LibraryItemRow]) {
        self.pack = pack
        self.items = items
    }
}
