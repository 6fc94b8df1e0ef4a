/// What a sync had to fetch to bring the library to the catalog's version.
///
/// ```swift
/// if result.transfer == .delta { print("only the changes travelled") }
/// ```
public enum SyncTransfer: String, Sendable, Hashable, Codable {
    /// The server answered 304 Not Modified: catalog.json is the one imported.
    case notModified = "not-modified"
    /// catalog.json changed, but not the content it points to (a renewed expiry, say).
    case unchanged
    /// Only the deltas since the imported version (schema 2).
    case delta
    /// The whole catalog: the seed (schema 1) or every shard (schema 2).
    case full
}
