import CatalogModel
import GRDB

/// One entry of a browse list or search result.
///
/// ```swift
/// let rows = try await library.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title)
/// rows.first?.availability   // .notDownloaded
/// ```
public struct LibraryItemRow: Sendable, Hashable, Identifiable {
    public var id: String
    public var kind: Kind
    public var title: String
    public var subtitle: String?
    public var duration: Double?
    /// The pack of an atmosphere or sfx item; nil for music.
    public var packId: String?
    public var availability: Availability

    public init(id: String, kind: Kind, title: String, subtitle: String?, duration: Double?, packId: String?,
                availability: Availability) {
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.duration = duration
        self.packId = packId
        self.availability = availability
    }

    /// The SELECT list matching ``init(row:paths:)`` over `library_item li` joined with ``joins``.
    static let columns = """
        li.id, li.kind, li.title, li.subtitle, li.duration, pi.pack_id, ila.item_id IS NOT NULL, la.local_path
        """
    static let joins = """
        LEFT JOIN pack_item pi ON pi.item_id = li.id
        LEFT JOIN item_local_audio ila ON ila.item_id = li.id
        LEFT JOIN local_asset la ON la.id = ila.asset_id
        """

    init(row: Row, paths: LibraryPaths) {
        let kind = Kind(rawValue: row[1]) ?? .sfx
        let availability: Availability
        if kind == .music {
            availability = .appleMusic
        } else if row[6] as Bool {
            availability = paths.fileExists(localPath: row[7]) ? .available : .fileMissing
        } else {
            availability = .notDownloaded
        }
        self.init(id: row[0], kind: kind, title: row[2], subtitle: row[3], duration: row[4], packId: row[5],
                  availability: availability)
    }
}
