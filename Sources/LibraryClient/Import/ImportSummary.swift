/// What one import changed. Counts cover library items and packs together.
///
/// ```swift
/// let summary = try await importer.applyUpdates()
/// print(summary.inserted, summary.updated, summary.hidden)
/// ```
public struct ImportSummary: Sendable, Hashable, Codable {
    /// Items and packs that were not in the database before.
    public var inserted: Int
    /// Items and packs whose fields, tags, membership or visibility changed (shown again counts here).
    public var updated: Int
    /// Items and packs the seed no longer lists, now `is_visible = 0`.
    public var hidden: Int
    /// False when the seed was already imported and nothing was written.
    public var didWrite: Bool

    /// A summary from its counts.
    public init(inserted: Int = 0, updated: Int = 0, hidden: Int = 0, didWrite: Bool = false) {
        self.inserted = inserted
        self.updated = updated
        self.hidden = hidden
        self.didWrite = didWrite
    }

    /// Whether any row changed.
    public var hasChanges: Bool { inserted + updated + hidden > 0 }
}
