import CatalogFormat
import Foundation

/// What an install, upgrade or repair must do per asset: reuse an installed file (of this pack or
/// any other) whose size and SHA-256 — re-hashed from disk now — equal the asset's, or fetch it.
/// What must be fetched comes from the pack archive when its bytes are more than half the
/// archive's (one request instead of many), else asset by asset.
struct InstallPlan: Sendable {
    struct Reuse: Sendable {
        let asset: Manifest.Asset
        let source: String
    }

    var reuse: [Reuse] = []
    var fetch: [Manifest.Asset] = []
    var useArchive = false

    var reusedBytes: Int64 { reuse.reduce(0) { $0 + $1.asset.bytes } }
    var fetchBytes: Int64 { fetch.reduce(0) { $0 + $1.bytes } }

    /// Bytes this plan transfers: the archive's size, or the fetched assets' sizes.
    func bytesToFetch(_ manifest: Manifest) -> Int64 {
        useArchive ? (manifest.archive?.bytes ?? 0) : fetchBytes
    }

    /// Hashes only candidates of a matching size: the pack's own installed files
    /// (`AudioAssets/<packId>/…` and its `local_path`s, for a repair or an upgrade) and the files
    /// of other packs whose recorded SHA-256 is one of the manifest's (a file of the same size
    /// that no longer hashes right is skipped, so a corrupted file is never reused).
    static func make(_ manifest: Manifest, staging: StagingArea, installed: [InstalledFile], perAsset: Bool)
        -> InstallPlan
    {
        let wanted = Set(manifest.assets.map { $0.sha256.lowercased() })
        var candidates = installed.filter { $0.packId == staging.packId || wanted.contains($0.sha256 ?? "") }
            .map { staging.paths.file(forLocalPath: $0.localPath).path }
        candidates += manifest.assets.map { staging.installed.appendingPathComponent($0.fileName).path }
        var bySize: [Int64: [String]] = [:]
        for path in Set(candidates) {
            guard let size = regularFileSize(path) else { continue }
            bySize[size, default: []].append(path)
        }
        var digests: [String: String] = [:]
        var plan = InstallPlan()
        for asset in manifest.assets {
            let match = (bySize[asset.bytes] ?? []).sorted().first { path in
                if digests[path] == nil { digests[path] = (try? SHA256Digest.file(atPath: path))?.sha256 ?? "" }
                return digests[path] == asset.sha256.lowercased()
            }
            if let match { plan.reuse.append(Reuse(asset: asset, source: match)) } else { plan.fetch.append(asset) }
        }
        if !perAsset, let archive = manifest.archive, !plan.fetch.isEmpty, plan.fetchBytes * 2 > archive.bytes {
            // The archive carries every asset: nothing is linked, everything is extracted from it.
            plan = InstallPlan(reuse: [], fetch: manifest.assets, useArchive: true)
        }
        return plan
    }

    private static func regularFileSize(_ path: String) -> Int64? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return (attributes[.size] as? NSNumber)?.int64Value
    }
}

/// One `local_asset` row with a file: where it is, whose it is, and the SHA-256 it was installed with.
struct InstalledFile: Sendable {
    let packId: String
    let localPath: String
    let sha256: String?
}
