import CatalogFormat

/// Everything about one item (`client show`): fields, tags per dimension, pack, availability.
///
/// ```swift
/// let detail = try await library.items.fetchItemDetail(itemID: id)
/// detail.tags[.mood]?.map(\.name)   // ["Ominous"]
/// ```
public struct ItemDetail: Sendable, Hashable {
    /// The item as lists show it.
    public var item: LibraryItemRow
    /// The item's artwork, when the catalog has one.
    public var artworkURL: String?
    /// False when the catalog no longer lists the item (it stays for its installed audio).
    public var isVisible: Bool
    /// Tags of the dimensions the kind may use (every such dimension present, maybe empty),
    /// values in display order.
    public var tags: [TagDimension: [TagValue]]
    /// The pack of an atmosphere or sfx item.
    public var pack: PackWithState?
    /// The Apple Music playlist of a music item.
    public var appleMusicPlaylistID: String?
    /// Whether the installed audio is meant to loop seamlessly (the pack's `loopable`); false
    /// while the item is not installed.
    public var isLoopable: Bool
    /// The item's recordings in take order (one for most items; none for music), installed or not.
    public var takes: [ItemTake] = []
    /// The item's license, credits and source (the item's own, else its pack's): what an app shows
    /// on its credits screen and checks before commercial use (see ``LibraryRepository/fetchCredits(installedOnly:)``).
    public var attribution = Attribution()
    /// How the item sounds (loudness, loop, waveform), when the catalog measured it.
    public var sound: ItemSound?
    /// The catalog's loudness targets (its `loudness:`, −23 and −16 LUFS by default), which
    /// ``gain`` aims at.
    public var loudnessTargets: LoudnessTargets
    /// The item's Universal Category System CatID (`DOORWood`), when its author gave one; a search
    /// matches the UCS list's synonyms of it.
    public var ucs: String?

    /// An item detail from its parts.
    public init(
        item: LibraryItemRow, artworkURL: String?, isVisible: Bool, tags: [TagDimension: [TagValue]],
        pack: PackWithState?, appleMusicPlaylistID: String?, isLoopable: Bool = false, sound: ItemSound? = nil,
        loudnessTargets: LoudnessTargets = .defaults
    ) {
        self.sound = sound
        self.loudnessTargets = loudnessTargets
        self.item = item
        self.artworkURL = artworkURL
        self.isVisible = isVisible
        self.tags = tags
        self.pack = pack
        self.appleMusicPlaylistID = appleMusicPlaylistID
        self.isLoopable = isLoopable
    }

    /// Whether the item can be played now (the item's ``LibraryItemRow/availability``).
    public var availability: Availability { item.availability }

    /// The playback rule with every default filled in for the item's takes (see ``TakePicker``).
    public var playback: ResolvedPlayback { (item.playback ?? Playback()).resolved(takes: item.takeCount) }
    /// The item's license: an SPDX id (`CC-BY-4.0`) or `LicenseRef-<name>`; nil when the catalog states none.
    public var license: String? { attribution.license }
    /// Who to credit for the item, in order (empty when none).
    public var credits: [Credit] { attribution.credits ?? [] }
    /// Where the recording comes from, when the catalog says.
    public var source: String? { attribution.source }
}
