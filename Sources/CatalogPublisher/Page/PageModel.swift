/// The view model `templates/index.html.mustache` (the catalog's top page) is rendered with. Plain
/// structs, read by the Mustache renderer through reflection, so every property name here is a
/// template variable. The top page lists packs, not items (each pack has its own page,
/// ``PackPageModel``), so its size grows with the packs and the vocabularies, never with the items.
///
/// Optional values have names unique across the whole model (`packDescription`,
/// `itemSubtitle`, …): the renderer treats a `nil` as "not here" and would otherwise climb to
/// an outer object with the same name.
///
/// ```swift
/// let model = PageModel.build(catalog: catalog, seed: seed, manifests: manifests)
/// model.packs.first?.pageURL   // "pages/<packId>.html"
/// ```
struct PageModel {
    var title: String
    var catalogVersion: Int
    var generatedAt: String
    var generatedText: String
    var expiresAt: String?
    var expiresText: String?
    var catalogURL: String
    var seedURL: String?
    var summary: String
    var music: [MusicView]
    var packs: [PackRowView]
    var vocabularies: [DimensionView]
    /// Each license with how many items it covers and who is credited (see `PageModel+Credits.swift`).
    var credits: [LicenseSummaryView] = []
}

/// One pack on the top page: a link to its page and its figures.
struct PackRowView {
    var title: String
    var kind: String
    var version: Int
    var size: String
    var itemCount: String
    var pageURL: String
}

/// One Apple Music playlist entry.
struct MusicView {
    var title: String
    var musicSubtitle: String?
    var musicDuration: String?
    var appleMusicPlaylistId: String
    var tags: [TagGroupView]
}

/// One item of a pack, with a preview of its audio when the manifest lists it.
struct ItemView {
    var title: String
    var itemSubtitle: String?
    var itemDuration: String?
    var tags: [TagGroupView]
    var audio: AudioView?
    /// The item's license id, shown beside its title.
    var itemLicense: String? = nil
    /// True when the license does not allow commercial use (the row is marked "NC").
    var nonCommercial = false
}

/// An `<audio>` source: a page-relative (or absolute https) URL.
struct AudioView {
    var url: String
    var codec: String
}

/// The names of one dimension on one item, e.g. "mood: Ominous, Eerie".
struct TagGroupView {
    var dimension: String
    var names: [String]
}

/// One dimension of the vocabularies with how many items use each value.
struct DimensionView {
    var anchor: String
    var name: String
    var key: String
    var values: [ValueView]
}

/// One vocabulary value and the number of items (music and pack items) that carry it.
struct ValueView {
    var name: String
    var count: Int
    var unused: Bool
}
