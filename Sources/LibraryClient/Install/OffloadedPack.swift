/// A pack whose audio an install offloaded to keep within the audio budget.
///
/// ```swift
/// let result = try await manager.startDownload("dungeon-delve")
/// for pack in result.offloaded { print("offloaded \(pack.slug ?? pack.packId)") }
/// ```
public struct OffloadedPack: Sendable, Hashable, Codable {
    /// The pack's id.
    public var packId: String
    /// The pack's slug.
    public var slug: String?
    /// The pack's title.
    public var title: String
    /// The audio bytes it gave back.
    public var bytes: Int64
    /// When an item of the pack was last played; nil when none ever was.
    public var lastPlayedAt: String?

    /// A pack from its fields.
    public init(packId: String, slug: String?, title: String, bytes: Int64, lastPlayedAt: String?) {
        self.packId = packId
        self.slug = slug
        self.title = title
        self.bytes = bytes
        self.lastPlayedAt = lastPlayedAt
    }

    /// Every field, nulls included (one JSON shape).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(packId, forKey: .packId)
        try container.encode(slug, forKey: .slug)
        try container.encode(title, forKey: .title)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(lastPlayedAt, forKey: .lastPlayedAt)
    }
}
