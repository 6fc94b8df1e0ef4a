import CatalogModel

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
    var tags: [TagDimension: [Int64]]
    /// The JSON path of the entry, for messages.
    var path: String
    /// The item number chosen up front (first import), else nil: the next free one.
    var number: Int64? = nil

    /// Whether the stored row (fields, membership, playlist, visibility) differs from this one.
    func differs(from old: ExistingCatalog.Item) -> Bool {
        old.title != title || old.subtitle != subtitle || old.duration != duration || old.artworkURL != artworkURL
            || !old.visible || old.packId != packId || (packId != nil && old.sortOrder != sortOrder)
            || old.playlistId != playlistId
    }
}

extension ExistingCatalog.Pack {
    init(_ pack: Seed.Pack) {
        self.init(kind: pack.kind.rawValue, title: pack.title, description: pack.description, artworkURL: pack.artworkURL,
                  version: pack.version, manifestURL: pack.manifestURL, slug: pack.slug, visible: true)
    }
}
