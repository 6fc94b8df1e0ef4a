/// A line of a pack shard: the pack as the seed holds it (with its items), plus the references
/// to its manifest and archive that catalog.json held in schema 1.
///
/// ```swift
/// let line = try CompactJSON.encode(ShardPack(pack: pack, manifest: ref, archive: nil))
/// ```
public struct ShardPack: Codable, Sendable, Equatable {
    public var pack: Seed.Pack
    public var manifest: FileReference
    public var archive: FileReference?

    public init(pack: Seed.Pack, manifest: FileReference, archive: FileReference?) {
        self.pack = pack
        self.manifest = manifest
        self.archive = archive
    }

    enum CodingKeys: String, CodingKey { case manifest, archive }

    public init(from decoder: any Decoder) throws {
        pack = try Seed.Pack(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        manifest = try c.decode(FileReference.self, forKey: .manifest)
        archive = try c.decodeIfPresent(FileReference.self, forKey: .archive)
    }

    public func encode(to encoder: any Encoder) throws {
        try pack.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(manifest, forKey: .manifest)
        try c.encode(archive, forKey: .archive)
    }
}

/// What a client keeps of a pack line besides the seed's fields: its id and version and the
/// references to its manifest and archive, read without decoding the items.
///
/// ```swift
/// let head = try ShardPackHead.read(line)   // id, version, manifest, archive
/// ```
public struct ShardPackHead: Sendable, Equatable {
    public var id: String
    public var version: Int
    public var manifest: FileReference
    public var archive: FileReference?

    public init(id: String, version: Int, manifest: FileReference, archive: FileReference?) {
        self.id = id
        self.version = version
        self.manifest = manifest
        self.archive = archive
    }

    private static let headKeys = KeyTable(["id", "version", "manifest", "archive"])
    private static let referenceKeys = KeyTable(["url", "sha256", "bytes"])

    /// Reads a pack line's top-level `id`, `version`, `manifest` and `archive`, skipping the rest.
    public static func read(_ line: UnsafeRawBufferPointer) -> ShardPackHead? {
        guard var s = JSONByteScanner(line) else { return nil }
        var id: String?
        var version: Int?
        var manifest: FileReference?
        var archive: FileReference?
        do throws(JSONByteScanner.Failure) {
            try s.beginObject()
            var first = true
            var seen: UInt64 = 0
            while let key = try s.nextKey(Self.headKeys, &first, &seen) {
                switch key {
                case 0: id = try s.string()
                case 1: version = try s.int()
                case 2: manifest = try reference(&s)
                case 3: archive = s.null() ? nil : try reference(&s)
                default: try s.skipValue()
                }
            }
        } catch { return nil }
        guard let id, let version, let manifest else { return nil }
        return ShardPackHead(id: id, version: version, manifest: manifest, archive: archive)
    }

    private static func reference(_ s: inout JSONByteScanner) throws(JSONByteScanner.Failure) -> FileReference {
        try s.beginObject()
        var first = true
        var seen: UInt64 = 0
        var url: String?
        var sha: String?
        var bytes: Int?
        while let key = try s.nextKey(Self.referenceKeys, &first, &seen) {
            switch key {
            case 0: url = try s.string()
            case 1: sha = try s.string()
            case 2: bytes = try s.int()
            default: try s.skipValue()
            }
        }
        guard let url, let sha, let bytes else { throw JSONByteScanner.Failure() }
        return FileReference(url: url, sha256: sha, bytes: Int64(bytes))
    }
}

extension ShardPack {
    /// The pack as schema 1's catalog.json lists it.
    public var entry: CatalogDocument.PackEntry {
        CatalogDocument.PackEntry(
            id: pack.id, slug: pack.slug, kind: pack.kind, title: pack.title, version: pack.version,
            manifest: manifest, archive: archive)
    }
}
