import CatalogModel
import GRDB

/// A pack with its download state and progress (`client packs`).
///
/// ```swift
/// let packs = try await library.packs.listPacks(kind: .sfx)
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
               COALESCE(ps.state, 'not_downloaded'), ps.installed_version, ps.bytes_total, ps.bytes_downloaded,
               ps.last_error, p.is_visible,
               (SELECT COUNT(*) FROM pack_item pi JOIN library_item li ON li.id = pi.item_id
                WHERE pi.pack_id = p.id AND li.is_visible = 1)
        FROM pack p LEFT JOIN pack_state ps ON ps.pack_id = p.id
        """

    init(row: Row) {
        id = row[0]
        slug = row[1]
        kind = Kind(rawValue: row[2]) ?? .sfx
        title = row[3]
        description = row[4]
        artworkURL = row[5]
        version = row[6]
        manifestURL = row[7]
        state = PackState(rawValue: row[8]) ?? .notDownloaded
        installedVersion = row[9]
        bytesTotal = row[10]
        bytesDownloaded = row[11]
        lastError = row[12]
        isVisible = row[13]
        itemCount = row[14]
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
