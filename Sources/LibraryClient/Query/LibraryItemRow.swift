import CatalogFormat
import GRDB

/// One entry of a browse list or search result.
///
/// ```swift
/// let rows = try await library.items.fetchItems(kind: .sfx, filters: Filters(), sort: .title)
/// rows.first?.availability   // .notDownloaded
/// ```
public struct LibraryItemRow: Sendable, Hashable, Identifiable {
    public var id: String
    /// Music, atmosphere or sound effect.
    public var kind: Kind
    /// The item's title.
    public var title: String
    /// A second line of text, when the catalog has one.
    public var subtitle: String?
    /// The length in seconds, when known.
    public var duration: Double?
    /// The pack of an atmosphere or sfx item; nil for music.
    public var packID: String?
    /// Whether the item can be played now.
    public var availability: Availability
    /// Whether the user marked the item a favorite.
    public var isFavorite: Bool
    /// False when the current catalog no longer lists the item (it stays in favorites and scenes).
    public var isVisible: Bool
    /// How many recordings (takes) the item holds; 1 for most items.
    public var takeCount: Int = 1
    /// How the takes are played, as the catalog wrote it (nil: the defaults); see ``TakePicker``.
    public var playback: Playback? = nil
    /// The item's license (SPDX id or `LicenseRef-…`), so a list can mark non-commercial content;
    /// nil when the catalog states none.
    public var license: String? = nil
    /// The waveform of the item's first take (base64 of 256 peak bytes, 0–255), so a list can draw
    /// it; nil when the catalog did not measure it.
    public var peaks: String? = nil

    /// A row from its fields.
    public init(
        id: String, kind: Kind, title: String, subtitle: String?, duration: Double?, packID: String?,
        availability: Availability, isFavorite: Bool = false, isVisible: Bool = true
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.duration = duration
        self.packID = packID
        self.availability = availability
        self.isFavorite = isFavorite
        self.isVisible = isVisible
    }

    /// Playable now and still in the catalog (what `"available"` says in the JSON item shapes).
    public var isAvailable: Bool { isVisible && availability.isPlayable }

    /// The SELECT list matching ``init(row:paths:)`` over `library_item li` joined with ``joins``.
    // Raw SQL: the keyset pager, the FTS5 search, the ranked pages and the detail read embed these
    // columns and joins in statements of their own, so they are SQL text, not an association tree.
    static let columns = """
        li.id AS id, li.kind AS kind, li.title AS title, li.subtitle AS subtitle, li.duration AS duration,
        pi.pack_id AS pack_id, ila.item_id IS NOT NULL AS has_local_audio, la.local_path AS local_path,
        li.is_visible AS is_visible, fav.item_id IS NOT NULL AS is_favorite, ia.license AS license, isnd.peaks AS peaks,
        COALESCE((SELECT ps.state = 'offloaded' FROM pack_state ps WHERE ps.pack_id = pi.pack_id), 0) AS is_offloaded,
        \(ItemTakeQueries.columns)
        """
    static let joins = """
        LEFT JOIN pack_item pi ON pi.item_id = li.id
        LEFT JOIN item_local_audio ila ON ila.item_id = li.id
        LEFT JOIN local_asset la ON la.id = ila.asset_id
        LEFT JOIN favorite fav ON fav.item_id = li.id
        \(ItemTakeQueries.join)
        LEFT JOIN item_attribution ia ON ia.item_id = li.id
        LEFT JOIN item_sound isnd ON isnd.item_id = li.id
        """

    /// Decodes a row of ``columns`` by column name; an unknown kind is an error.
    init(row: Row, paths: LibraryPaths) throws {
        let kind = try StoredValue.decode(Kind.self, row["kind"], table: "library_item", column: "kind")
        let availability: Availability
        if kind == .music {
            availability = .appleMusic
        } else if row["has_local_audio"] as Bool, ItemTakeQueries.allInstalled(row) {
            availability = paths.fileExists(localPath: row["local_path"]) ? .available : .fileMissing
        } else {
            availability = row["is_offloaded"] as Bool ? .offloaded : .notDownloaded
        }
        self.init(
            id: row["id"], kind: kind, title: row["title"], subtitle: row["subtitle"], duration: row["duration"],
            packID: row["pack_id"], availability: availability, isFavorite: row["is_favorite"],
            isVisible: row["is_visible"])
        (takeCount, playback) = ItemTakeQueries.decode(row)
        license = row["license"]
        peaks = row["peaks"]
    }
}
