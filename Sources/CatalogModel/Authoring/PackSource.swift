import Foundation

/// One `pack.yaml` as an author wrote it, with ids in canonical form, tag names
/// normalized, and where every field stood in the file.
///
/// ```swift
/// let (pack, diagnostics) = PackSource.load(path: "catalog/packs/dungeon-delve/pack.yaml")
/// pack?.items.map(\.title)
/// ```
public struct PackSource: Sendable, Equatable {
    /// The path of pack.yaml as given by the caller (used in messages).
    public var file: String
    public var id: String
    public var slug: String
    public var kind: Kind
    public var title: String
    public var description: String?
    public var version: Int
    /// A file beside pack.yaml or an `https://` URL.
    public var artwork: String?
    public var tags: TagSet
    public var items: [ItemSource]
    public var locations: SourceMap
    /// The pack's `license`, `credits` and `source`; each item may override them.
    public var attribution = Attribution()

    /// The source-map path of item `index` of ``items`` (`items[3]`): its place in pack.yaml,
    /// which differs from `index` when an earlier entry failed to parse.
    public func itemPath(_ index: Int) -> String {
        "items[\(items[index].sourceIndex ?? index)]"
    }

    /// The folder holding pack.yaml; item files are relative to it.
    public var directory: URL { URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL }

    public init(
        file: String, id: String, slug: String, kind: Kind, title: String, description: String? = nil,
        version: Int, artwork: String? = nil, tags: TagSet = TagSet(), items: [ItemSource],
        locations: SourceMap = SourceMap()
    ) {
        self.file = file
        self.id = id
        self.slug = slug
        self.kind = kind
        self.title = title
        self.description = description
        self.version = version
        self.artwork = artwork
        self.tags = tags
        self.items = items
        self.locations = locations
    }
}

/// One item of a pack.yaml.
public struct ItemSource: Sendable, Equatable {
    public var id: String
    /// The asset id as written, or UUID v5(pack id, item id) when left out.
    public var assetId: String
    public var title: String
    public var subtitle: String?
    /// Relative to pack.yaml.
    public var file: String
    public var loopable: Bool
    public var tags: TagSet
    /// Audio facts the author chose to write; they must agree with the file.
    public var declared: DeclaredAudio
    /// Every recording of the item in authored order: `files:` (two or more), or the one `file:`
    /// as take 0. ``file`` and ``assetId`` are take 0's.
    public var takes: [TakeSource]
    /// The `playback:` rule as written; nil when absent.
    public var playback: Playback?
    /// The item's own `license`, `credits` and `source` (see ``Attribution/resolved(over:)``).
    public var attribution = Attribution()
    /// The loop the author chose (`loop:`), over the file's own marks.
    public var loop: AuthoredLoop?
    /// The item's place in pack.yaml's `items:` list, counting entries that failed to parse, so
    /// messages about it point at its own lines; nil for an item not read from a file.
    public var sourceIndex: Int?
    /// The item's Universal Category System CatID (`ucs: DOORWood`), as written; nil when absent.
    public var ucs: String?

    public init(
        id: String, assetId: String, title: String, subtitle: String? = nil, file: String,
        loopable: Bool = false, tags: TagSet = TagSet(), declared: DeclaredAudio = DeclaredAudio(),
        takes: [TakeSource] = [], playback: Playback? = nil, loop: AuthoredLoop? = nil
    ) {
        self.takes = takes.isEmpty ? [TakeSource(take: 0, file: file, assetId: assetId)] : takes
        self.playback = playback
        self.loop = loop
        self.id = id
        self.assetId = assetId
        self.title = title
        self.subtitle = subtitle
        self.file = file
        self.loopable = loopable
        self.tags = tags
        self.declared = declared
    }
}

/// Optional audio facts in pack.yaml (`codec`, `sampleRate`, `channels`, `duration`).
public struct DeclaredAudio: Sendable, Equatable {
    public var codec: String?
    public var sampleRate: Int?
    public var channels: Int?
    public var duration: Double?

    public init(codec: String? = nil, sampleRate: Int? = nil, channels: Int? = nil, duration: Double? = nil) {
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.duration = duration
    }
}
