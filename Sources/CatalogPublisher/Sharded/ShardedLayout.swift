import CatalogModel

/// Where a schema-2 catalog keeps its content-addressed files (named by the SHA-256 of the
/// compressed bytes, so a CDN may cache them forever).
enum ShardedLayout {
    static func indexPath(sha256: String) -> String { "index/\(sha256).json.gz" }
    static func shardPath(sha256: String) -> String { "shards/\(sha256).jsonl.gz" }
    static func deltaPath(sha256: String) -> String { "deltas/\(sha256).jsonl.gz" }
    /// The exact bytes of each version's catalog.json, kept for `catalog prune`.
    static func versionPath(_ version: Int) -> String { "versions/\(version).json" }

    /// About this many items share a pack shard: a shard of realistic items is then about 350 KB
    /// compressed, so a one-item change rewrites little, and a million items make 1,024 shards.
    static let itemsPerShard = 1000
    /// About this many music entries share a music shard.
    static let musicPerShard = 4000
}
