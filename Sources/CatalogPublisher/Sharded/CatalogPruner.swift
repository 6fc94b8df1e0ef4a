import CatalogModel
import Foundation

/// `catalog prune DIR`: removes the files of a schema-2 catalog that no version in the window
/// (the current one and the `keepVersions - 1` before it, from `versions/`) refers to — their
/// index, shards, deltas, signatures and pack version folders stay, everything else under
/// index/, shards/, deltas/, signatures/, versions/ and packs/ goes. seeds/ (schema 1) is left alone.
///
/// ```swift
/// let result = try CatalogPruner.prune(output: "dist", keepVersions: 10, dryRun: true)
/// result.removed   // ["shards/ab….jsonl.gz", "packs/<id>/1", …]
/// ```
public enum CatalogPruner {
    /// What a prune removed (or, with `dryRun`, would remove).
    public struct Result: Sendable, Codable, Equatable {
        /// The versions whose files were kept.
        public var keptVersions: [Int]
        /// Folder-relative paths of the files and pack version folders removed.
        public var removed: [String]
        /// Their size in bytes.
        public var bytes: Int64
        public var dryRun: Bool
    }

    public static func prune(output: String, keepVersions: Int, dryRun: Bool) throws -> Result {
        let root = URL(fileURLWithPath: output).standardizedFileURL
        let current = root.appendingPathComponent("catalog.json")
        guard let bytes = FileManager.default.contents(atPath: current.path) else {
            throw PublishError.previousCatalog(path: current.path, message: "no catalog.json to prune from")
        }
        guard try CatalogJSON.decode(CatalogSchemaProbe.self, from: bytes, file: current.path).schemaVersion == 2 else {
            throw PublishError.previousCatalog(
                path: current.path,
                message: "catalog.json is of schema 1, which keeps every version's files; nothing to prune")
        }
        let document = try CatalogJSON.decode(ShardedCatalogDocument.self, from: bytes, file: current.path)
        let window = max(1, document.catalogVersion - keepVersions + 1)...document.catalogVersion
        var keep = Set<String>()
        var kept: [Int] = []
        for version in window {
            let copy =
                version == document.catalogVersion
                ? bytes
                : FileManager.default.contents(
                    atPath: root.appendingPathComponent(ShardedLayout.versionPath(version)).path)
            guard let copy else { continue }
            kept.append(version)
            keep.insert(ShardedLayout.versionPath(version))
            keep.insert(PublishLayout.signaturePath(sha256: SHA256Digest.hex(of: copy)))
            keep.insert(PublishLayout.signatureListPath(sha256: SHA256Digest.hex(of: copy)))
            let versioned = try CatalogJSON.decode(
                ShardedCatalogDocument.self, from: copy, file: "versions/\(version).json")
            keep.formUnion(versioned.deltas.map { PublishLayout.localPath(of: $0.url) })
            let indexPath = PublishLayout.localPath(of: versioned.index.url)
            guard keep.insert(indexPath).inserted else { continue }
            let index = try CatalogJSON.decode(
                CatalogIndex.self, from: try PreviousCatalog.read(versioned.index, root), file: indexPath)
            keep.formUnion(index.musicShards.map { PublishLayout.localPath(of: $0.url) })
            for shard in index.packShards where keep.insert(PublishLayout.localPath(of: shard.url)).inserted {
                for line in try PreviousCatalog.lines(of: shard.file, root) {
                    guard let head = line.withUnsafeBytes(ShardPackHead.read) else { continue }
                    let manifest = PublishLayout.localPath(of: head.manifest.url)
                    keep.insert((manifest as NSString).deletingLastPathComponent)
                }
            }
        }
        var removed: [String] = []
        var total: Int64 = 0
        let fm = FileManager.default
        for folder in ["index", "shards", "deltas", "signatures", "versions"] {
            for name in (try? fm.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [] {
                let relative = "\(folder)/\(name)"
                guard !keep.contains(relative) else { continue }
                removed.append(relative)
                total += size(root.appendingPathComponent(relative))
            }
        }
        for pack in (try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("packs").path)) ?? [] {
            for version in (try? fm.contentsOfDirectory(atPath: root.appendingPathComponent("packs/\(pack)").path))
                ?? []
            {
                let relative = "packs/\(pack)/\(version)"
                guard !keep.contains(relative) else { continue }
                removed.append(relative)
                total += size(root.appendingPathComponent(relative))
            }
        }
        removed.sort()
        if !dryRun {
            for relative in removed {
                do { try fm.removeItem(at: root.appendingPathComponent(relative)) } catch {
                    throw PublishError.io(
                        path: root.appendingPathComponent(relative).path, message: "cannot be removed: \(error)")
                }
            }
        }
        return Result(keptVersions: kept, removed: removed, bytes: total, dryRun: dryRun)
    }

    /// A file's size, or a folder's total.
    private static func size(_ url: URL) -> Int64 {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: url.path, isDirectory: &isFolder) else { return 0 }
        guard isFolder.boolValue else {
            return (try? fm.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
        }
        return (fm.subpaths(atPath: url.path) ?? []).reduce(0) { $0 + size(url.appendingPathComponent($1)) }
    }
}
