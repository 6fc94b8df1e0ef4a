import CatalogModel

/// Everything about one item (`client show`): fields, tags per dimension, pack, availability.
///
/// ```swift
/// let detail = try await library.items.fetchItemDetail(itemID: id)
/// detail.tags[.mood]?.map(\.name)   // ["Ominous"]
/// ```
public struct ItemDetail: Sendable, Hashable {
    public var item: LibraryItemRow
    public var artworkURL: String?
    public var isVisible: Bool
    /// Tags of the dimensions the kind may use (every such dimension present, maybe empty),
    /// values in display order.
    public var tags: [TagDimension: [TagValue]]
    /// The pack of an atmosphere or sfx item.
    public var pack: PackWithState?
    /// The Apple Music playlist of a music item.
    public var appleMusicPlaylistID: String?

    public init(item: LibraryItemRow, artworkURL: String?, isVisible: Bool, tags: [TagDimension: [TagValue]],
                pack: PackWithState?, appleMusicPlaylistID: String?) {
        self.item = item
        self.artworkURL = artworkURL
        self.isVisible = isVisible
        self.tags = tags
        self.pack = pack
        self.appleMusicPlaylistID = appleMusicPlaylistID
    }

    public var availability: Availability { item.availability }
}
