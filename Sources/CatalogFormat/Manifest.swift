/// `manifest.json` of one pack version: the required keys plus the optional extensions
/// (`kind`, `title`, pack-level `tags`, per-asset `duration`, `archive`).
///
/// ```swift
/// let manifest = try CatalogJSON.decode(Manifest.self, from: data, file: "manifest.json")
/// manifest.totalBytes == manifest.assets.reduce(0) { $0 + $1.bytes }
/// ```
public struct Manifest: Codable, Sendable, Equatable {
    public var packId: String
    public var version: Int
    public var totalBytes: Int64
    public var assets: [Asset]
    public var kind: Kind?
    public var title: String?
    public var tags: TagSet?
    public var archive: Archive?

    public init(
        packId: String, version: Int, totalBytes: Int64, assets: [Asset],
        kind: Kind? = nil, title: String? = nil, tags: TagSet? = nil, archive: Archive? = nil
    ) {
        self.packId = packId
        self.version = version
        self.totalBytes = totalBytes
        self.assets = assets
        self.kind = kind
        self.title = title
        self.tags = tags
        self.archive = archive
    }

    /// One audio file of the pack.
    public struct Asset: Codable, Sendable, Equatable {
        public var assetId: String
        public var itemId: String
        public var url: String
        public var sha256: String
        public var bytes: Int64
        public var codec: String
        public var sampleRate: Int
        public var channels: Int
        public var loopable: Bool
        public var tags: TagSet?
        public var duration: Double?
        /// Which take of its item this asset is (0-based, authored order); nil means take 0.
        public var take: Int?
        /// The item's resolved license, credits and source (extensions; absent when not stated).
        public var license: String?
        public var credits: [Credit]?
        public var source: String?
        /// EBU R128 figures measured by `packer build`.
        public var loudness: Loudness?
        /// The loop region in frames, for an asset that loops.
        public var loop: LoopRegion?
        /// Base64 of 256 bytes: the waveform's peak per 1/256 of the file, 0–255.
        public var peaks: String?

        public init(
            assetId: String, itemId: String, url: String, sha256: String, bytes: Int64, codec: String,
            sampleRate: Int, channels: Int, loopable: Bool, tags: TagSet? = nil, duration: Double? = nil,
            loudness: Loudness? = nil, loop: LoopRegion? = nil, peaks: String? = nil
        ) {
            self.loudness = loudness
            self.loop = loop
            self.peaks = peaks
            self.assetId = assetId
            self.itemId = itemId
            self.url = url
            self.sha256 = sha256
            self.bytes = bytes
            self.codec = codec
            self.sampleRate = sampleRate
            self.channels = channels
            self.loopable = loopable
            self.tags = tags
            self.duration = duration
        }

        /// The file name inside a pack archive and under `AudioAssets/<packId>/`: `<assetId>.<ext>`,
        /// with the extension taken from `url`.
        public var fileName: String {
            let last = url.split(separator: "/").last.map(String.init) ?? url
            let ext = last.split(separator: ".").count > 1 ? last.split(separator: ".").last.map(String.init) : nil
            return ext.map { "\(assetId).\($0.lowercased())" } ?? assetId
        }
    }

    /// The optional archive extension: the whole pack as one pax tar.
    public struct Archive: Codable, Sendable, Equatable {
        public var url: String
        public var sha256: String
        public var bytes: Int64
        public var format: String?

        public init(url: String, sha256: String, bytes: Int64, format: String? = "pax") {
            self.url = url
            self.sha256 = sha256
            self.bytes = bytes
            self.format = format
        }
    }
}
