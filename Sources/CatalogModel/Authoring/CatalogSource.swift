import Foundation

/// `catalog/catalog.yaml`, the catalog's source: title, optional base URL, the
/// initial vocabularies (their order is the sort order), music playlist entries, and the
/// folder holding one sub-folder per pack.
///
/// ```swift
/// let (catalog, diagnostics) = CatalogSource.load(path: "catalog/catalog.yaml")
/// catalog?.vocabularies[.mood]?.count   // 17 in the demo catalog
/// ```
public struct CatalogSource: Sendable, Equatable {
    public var file: String
    public var title: String
    public var baseURL: String?
    /// The initial lists per dimension, normalized, in the author's order.
    public var vocabularies: [TagDimension: [String]]
    public var music: [MusicSource]
    /// The packs folder, relative to catalog.yaml (default `packs/`).
    public var packsFolder: String
    public var locations: SourceMap
    /// `licenses.allow`: the only licenses `catalog publish` accepts; nil accepts any.
    public var allowedLicenses: [String]?
    /// The level each kind is normalized to (`loudness:`; −23 and −16 LUFS by default).
    public var loudness = LoudnessTargets.defaults
    /// The tag dimension (`themes`, `moods`, `locations`, `creatureTypes`) that `packer add` puts
    /// UCS categories and subcategories in (`ucs: {dimension: themes}`); nil: none.
    public var ucsDimension: String?

    /// The folder holding catalog.yaml.
    public var directory: URL { URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL }

    /// The packs folder as an absolute URL.
    public var packsDirectory: URL {
        directory.appendingPathComponent(packsFolder, isDirectory: true).standardizedFileURL
    }

    public init(
        file: String, title: String, baseURL: String? = nil, vocabularies: [TagDimension: [String]] = [:],
        music: [MusicSource] = [], packsFolder: String = "packs/", locations: SourceMap = SourceMap()
    ) {
        self.file = file
        self.title = title
        self.baseURL = baseURL
        self.vocabularies = vocabularies
        self.music = music
        self.packsFolder = packsFolder
        self.locations = locations
    }

    /// Every `pack.yaml` directly inside a sub-folder of the packs folder, sorted by path.
    public func packFiles() -> [String] {
        let fm = FileManager.default
        let root = packsDirectory
        guard let names = try? fm.contentsOfDirectory(atPath: root.path) else { return [] }
        return names.sorted().compactMap { name in
            let path = root.appendingPathComponent(name).appendingPathComponent("pack.yaml").path
            return fm.fileExists(atPath: path) ? path : nil
        }
    }
}

/// One music (Apple Music playlist) entry of catalog.yaml.
public struct MusicSource: Sendable, Equatable {
    public var id: String
    public var title: String
    public var subtitle: String?
    public var appleMusicPlaylistId: String
    /// Optional; unique across the catalog like the Apple Music id.
    public var spotifyPlaylistId: String?
    public var artworkURL: String?
    public var duration: Double?
    public var tags: TagSet
    /// The path of this entry in catalog.yaml, e.g. `music[3]`.
    public var path: String

    public init(
        id: String, title: String, subtitle: String? = nil, appleMusicPlaylistId: String,
        spotifyPlaylistId: String? = nil, artworkURL: String? = nil, duration: Double? = nil, tags: TagSet = TagSet(),
        path: String
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.appleMusicPlaylistId = appleMusicPlaylistId
        self.spotifyPlaylistId = spotifyPlaylistId
        self.artworkURL = artworkURL
        self.duration = duration
        self.tags = tags
        self.path = path
    }
}
