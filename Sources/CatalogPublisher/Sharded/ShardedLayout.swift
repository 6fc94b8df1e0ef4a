import CatalogModel

/// Where a schema-2 catalog keeps its content-addressed files (named by the SHA-256 of the
/// compressed bytes, so a CDN may cache them forever).
enum ShardedLayout {
    static func indexPath(sha256: String) -> String { "index/\(sha256).json.gz" }
    static func shardPath(sha256: String) -> String { "shards/\(sha256).jsonl.gz" }
    static func deltaPath(sha256: String) -> String { "deltas/\(sha256).jsonl.gz" }
    /// The exact bytes of each version's catalog.json, kept for `catalog prune`.
    static func versionPath(_ version: Int) -> String { "versions/\(version).json" }

    /// About this many items share a pack shard (a shard of realistic items is then about half a
    /// megabyte compressed, so a one-item change rewrites little).
    static let itemsPerShard = 2000
    /// About this many music entries share a music shard.
    static let musicPerShard = 4000
}
