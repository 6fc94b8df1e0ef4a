/// The index of a schema-2 catalog (`index/<sha256>.json.gz`, gzip of JSON): what a seed held
/// besides its entries — vocabularies, loudness targets — and the shards holding the entries.
/// Pack shard `i` holds the packs whose id falls in bin `i` of ``ShardBins``; music shards
/// likewise.
///
/// ```swift
/// let index = try CatalogJSON.decode(CatalogIndex.self, from: plain, file: "index.json.gz")
/// index.packShards.count   // a power of two
/// ```
public struct CatalogIndex: Codable, Sendable, Equatable {
    public var schemaVersion: Int
    public var catalogVersion: Int
    public var vocabularies: Vocabularies
    public var loudness: LoudnessTargets?
    /// Shards of music entries, one per bin (a JSON object per line, gzip-compressed).
    public var musicShards: [ShardReference]
    /// Shards of packs with their items, one per bin.
    public var packShards: [ShardReference]

    public init(
        catalogVersion: Int, vocabularies: Vocabularies, loudness: LoudnessTargets?,
        musicShards: [ShardReference], packShards: [ShardReference]
    ) {
        self.schemaVersion = 2
        self.catalogVersion = catalogVersion
        self.vocabularies = vocabularies
        self.loudness = loudness
        self.musicShards = musicShards
        self.packShards = packShards
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, catalogVersion, vocabularies, loudness, musicShards, packShards
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(catalogVersion, forKey: .catalogVersion)
        try c.encode(vocabularies, forKey: .vocabularies)
        try c.encode(loudness, forKey: .loudness)
        try c.encode(musicShards, forKey: .musicShards)
        try c.encode(packShards, forKey: .packShards)
    }
}

/// One shard as the index lists it: the file, how many entries (lines) it holds, and the
/// SHA-256 of its lines before compression (so the next publish knows an unchanged bin without
/// compressing it again).
public struct ShardReference: Codable, Sendable, Equatable, Hashable {
    public var url: String
    public var sha256: String
    public var bytes: Int64
    public var entries: Int
    public var plainSHA256: String?

    public init(file: FileReference, entries: Int, plainSHA256: String? = nil) {
        self.url = file.url
        self.sha256 = file.sha256
        self.bytes = file.bytes
        self.entries = entries
        self.plainSHA256 = plainSHA256
    }

    /// The file part.
    public var file: FileReference { FileReference(url: url, sha256: sha256, bytes: bytes) }
}
