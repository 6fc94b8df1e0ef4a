import CatalogFormat

/// One library item as a validated seed wants it, with its tags already turned into ids.
struct DesiredItem {
    var id: String
    var kind: Kind
    var title: String
    var subtitle: String?
    var duration: Double?
    var artworkURL: String?
    var packId: String?
    var packTitle: String?
    var sortOrder: Int
    var playlistId: String?
    var spotifyPlaylistId: String? = nil
    /// The item's UCS CatID (`library_item.ucs`).
    var ucs: String? = nil
    var tags: [TagDimension: [Int64]]
    /// Where the entry is in the seed, for messages.
    var origin: Origin
    /// The item number chosen up front (first import), else nil: the next free one.
    var number: Int64? = nil

    /// A music entry's index, or a pack's index and the item's index in it.
    enum Origin {
        case music(Int)
        case packItem(Int, Int)
    }

    /// The JSON path of the entry, for messages (built only when one is needed).
    var path: String {
        switch origin {
        case .music(let i): "$.music[\(i)]"
        case .packItem(let p, let i): "$.packs[\(p)].items[\(i)]"
        }
    }

    /// Whether the stored row (fields, membership, playlist, visibility) differs from this one.
    func differs(from old: ExistingCatalog.Item) -> Bool {
        old.title != title || old.subtitle != subtitle || old.duration != duration || old.artworkURL != artworkURL
            || !old.visible || old.packId != packId || (packId != nil && old.sortOrder != sortOrder)
            || old.playlistId != playlistId || old.spotifyPlaylistId != spotifyPlaylistId || old.ucs != ucs
    }
}

extension ExistingCatalog.Pack {
    init(_ pack: Seed.Pack) {
        self.init(
            kind: pack.kind.rawValue, title: pack.title, description: pack.description, artworkURL: pack.artworkURL,
            version: pack.version, manifestURL: pack.manifestURL, slug: pack.slug, visible: true)
    }
}
