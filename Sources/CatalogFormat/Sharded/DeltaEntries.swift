/// A pack as a delta carries it: its own fields and, when which items it holds or their order
/// changed, its items' ids with their `sortOrder`s (the items themselves travel as
/// ``DeltaItem``s, only those that changed).
public struct DeltaPack: Codable, Sendable, Equatable {
    public var id: String
    public var slug: String
    public var kind: Kind
    public var title: String
    public var description: String?
    public var artworkURL: String?
    public var version: Int
    public var manifestURL: String
    public var manifest: FileReference
    public var archive: FileReference?
    /// Every item of the pack, in the seed's order; nil when they are the ones the pack had.
    public var itemIDs: [String]?
    /// Each item's `sortOrder`, in the same order as ``itemIDs``.
    public var sortOrders: [Int]?

    public init(_ line: ShardPack, withItems: Bool = true) {
        let pack = line.pack
        id = pack.id
        slug = pack.slug
        kind = pack.kind
        title = pack.title
        description = pack.description
        artworkURL = pack.artworkURL
        version = pack.version
        manifestURL = pack.manifestURL
        manifest = line.manifest
        archive = line.archive
        itemIDs = withItems ? pack.items.map(\.id) : nil
        sortOrders = withItems ? pack.items.map(\.sortOrder) : nil
    }

    /// The pack's own fields as the seed has them (no items).
    public var seedPack: Seed.Pack {
        Seed.Pack(
            id: id, slug: slug, kind: kind, title: title, description: description, artworkURL: artworkURL,
            version: version, manifestURL: manifestURL, items: [])
    }

    /// The pack's id, version and file references.
    public var head: ShardPackHead { ShardPackHead(id: id, version: version, manifest: manifest, archive: archive) }
}

/// An item a delta adds or changes, with the pack it belongs to.
public struct DeltaItem: Codable, Sendable, Equatable {
    public var packId: String
    public var item: Seed.Item

    public init(packId: String, item: Seed.Item) {
        self.packId = packId
        self.item = item
    }

    enum CodingKeys: String, CodingKey { case packId }

    public init(from decoder: any Decoder) throws {
        item = try Seed.Item(from: decoder)
        packId = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .packId)
    }

    public func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(packId, forKey: .packId)
    }
}

/// The first line of a delta: the versions it leads between, the SHA-256 of their index files
/// (a client applies it only over the index it imported), and the `to` version's vocabularies
/// and loudness targets.
public struct DeltaHeader: Codable, Sendable, Equatable {
    public var from: Int
    public var to: Int
    public var fromIndex: String
    public var toIndex: String
    public var vocabularies: Vocabularies
    public var loudness: LoudnessTargets?

    public init(
        from: Int, to: Int, fromIndex: String, toIndex: String, vocabularies: Vocabularies,
        loudness: LoudnessTargets?
    ) {
        self.from = from
        self.to = to
        self.fromIndex = fromIndex
        self.toIndex = toIndex
        self.vocabularies = vocabularies
        self.loudness = loudness
    }
}
