/// The seed (`seeds/<sha256>.json`): vocabularies, music entries and packs with their items —
/// everything a client imports into its database. Optional fields are written as
/// explicit `null`s, as in the format's example; readers accept them missing too.
///
/// ```swift
/// let seed = try CatalogJSON.decode(Seed.self, from: data, file: "seed.json")
/// seed.vocabularies.entries(for: .mood).map(\.name)
/// ```
public struct Seed: Codable, Sendable, Equatable {
    public var schemaVersion: Int
    public var catalogVersion: Int
    public var vocabularies: Vocabularies
    public var music: [MusicEntry]
    public var packs: [Pack]
    /// The level each kind is normalized to (catalog.yaml's `loudness:`).
    public var loudness: LoudnessTargets?

    public init(
        schemaVersion: Int = 1, catalogVersion: Int, vocabularies: Vocabularies,
        music: [MusicEntry], packs: [Pack], loudness: LoudnessTargets? = nil
    ) {
        self.loudness = loudness
        self.schemaVersion = schemaVersion
        self.catalogVersion = catalogVersion
        self.vocabularies = vocabularies
        self.music = music
        self.packs = packs
    }

    /// One Apple Music playlist entry.
    public struct MusicEntry: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var subtitle: String?
        public var duration: Double?
        public var artworkURL: String?
        public var appleMusicPlaylistId: String
        /// The entry's Spotify playlist, when it has one (absent in older seeds).
        public var spotifyPlaylistId: String?
        public var tags: TagSet

        public init(
            id: String, title: String, subtitle: String? = nil, duration: Double? = nil,
            artworkURL: String? = nil, appleMusicPlaylistId: String, spotifyPlaylistId: String? = nil,
            tags: TagSet = TagSet()
        ) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.duration = duration
            self.artworkURL = artworkURL
            self.appleMusicPlaylistId = appleMusicPlaylistId
            self.spotifyPlaylistId = spotifyPlaylistId
            self.tags = tags
        }

        enum CodingKeys: String, CodingKey {
            case id, title, subtitle, duration, artworkURL, appleMusicPlaylistId, spotifyPlaylistId, tags
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(subtitle, forKey: .subtitle)
            try c.encode(duration, forKey: .duration)
            try c.encode(artworkURL, forKey: .artworkURL)
            try c.encode(appleMusicPlaylistId, forKey: .appleMusicPlaylistId)
            try c.encode(spotifyPlaylistId, forKey: .spotifyPlaylistId)
            try c.encode(tags, forKey: .tags)
        }
    }

    /// One pack (atmosphere or sfx) with its items.
    public struct Pack: Codable, Sendable, Equatable {
        public var id: String
        public var slug: String
        public var kind: Kind
        public var title: String
        public var description: String?
        public var artworkURL: String?
        public var version: Int
        public var manifestURL: String
        public var items: [Item]

        public init(
            id: String, slug: String, kind: Kind, title: String, description: String? = nil,
            artworkURL: String? = nil, version: Int, manifestURL: String, items: [Item]
        ) {
            self.id = id
            self.slug = slug
            self.kind = kind
            self.title = title
            self.description = description
            self.artworkURL = artworkURL
            self.version = version
            self.manifestURL = manifestURL
            self.items = items
        }

        enum CodingKeys: String, CodingKey {
            case id, slug, kind, title, description, artworkURL, version, manifestURL, items
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(slug, forKey: .slug)
            try c.encode(kind, forKey: .kind)
            try c.encode(title, forKey: .title)
            try c.encode(description, forKey: .description)
            try c.encode(artworkURL, forKey: .artworkURL)
            try c.encode(version, forKey: .version)
            try c.encode(manifestURL, forKey: .manifestURL)
            try c.encode(items, forKey: .items)
        }
    }

    /// One browsable item of a pack.
    public struct Item: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var subtitle: String?
        public var duration: Double?
        public var sortOrder: Int
        public var tags: TagSet
        /// How many recordings the item holds (nil in older seeds: one).
        public var takes: Int?
        /// How the takes are played, as authored; nil when pack.yaml has no `playback:`.
        public var playback: Playback?
        /// The item's license (SPDX id or `LicenseRef-…`), resolved: the item's own, else its pack's.
        public var license: String?
        /// Who to credit for the item, resolved like `license`; nil when none.
        public var credits: [Credit]?
        /// Where the recording comes from, resolved like `license`.
        public var source: String?
        /// The first take's EBU R128 figures, when the pack was analysed.
        public var loudness: Loudness?
        /// The first take's loop region in frames, for an item that loops.
        public var loop: LoopRegion?
        /// The first take's waveform: base64 of 256 peak bytes.
        public var peaks: String?
        /// The item's Universal Category System CatID (`DOORWood`), when its author gave one.
        public var ucs: String?

        public init(
            id: String, title: String, subtitle: String? = nil, duration: Double? = nil,
            sortOrder: Int, tags: TagSet = TagSet(), takes: Int? = nil, playback: Playback? = nil,
            loudness: Loudness? = nil, loop: LoopRegion? = nil, peaks: String? = nil
        ) {
            self.takes = takes
            self.playback = playback
            self.loudness = loudness
            self.loop = loop
            self.peaks = peaks
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.duration = duration
            self.sortOrder = sortOrder
            self.tags = tags
        }

        enum CodingKeys: String, CodingKey {
            case id, title, subtitle, duration, sortOrder, tags, takes, playback
            case license, credits, source
            case loudness, loop, peaks
            case ucs
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(subtitle, forKey: .subtitle)
            try c.encode(duration, forKey: .duration)
            try c.encode(sortOrder, forKey: .sortOrder)
            try c.encode(tags, forKey: .tags)
            try c.encodeIfPresent(takes, forKey: .takes)
            try c.encodeIfPresent(playback, forKey: .playback)
            // Written only when stated, so seeds of catalogs without licenses stay as they were.
            try c.encodeIfPresent(license, forKey: .license)
            try c.encodeIfPresent(credits, forKey: .credits)
            try c.encodeIfPresent(source, forKey: .source)
            try c.encodeIfPresent(loudness, forKey: .loudness)
            try c.encodeIfPresent(loop, forKey: .loop)
            try c.encodeIfPresent(peaks, forKey: .peaks)
            try c.encodeIfPresent(ucs, forKey: .ucs)
        }
    }
}
