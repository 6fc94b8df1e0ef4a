import CatalogFormat
import Foundation

/// What an install, upgrade or repair must do per asset: reuse an already installed file whose
/// SHA-256 (re-hashed now) matches, or fetch it — from the pack archive when nothing can be
/// reused and the manifest has one, else asset by asset.
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

    /// Hashes candidate files: the pack's installed `local_path`s and `AudioAssets/<packId>/<name>`.
    static func make(_ manifest: Manifest, staging: StagingArea, installedPaths: [String], perAsset: Bool)
        -> InstallPlan
    {
        let fm = FileManager.default
        var candidates = installedPaths.map { staging.paths.file(forLocalPath: $0).path }
        candidates += manifest.assets.map { staging.installed.appendingPathComponent($0.fileName).path }
        var bySize: [Int64: [String]] = [:]
        for path in Set(candidates) {
            guard let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? NSNumber,
                (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular
            else { continue }
            bySize[size.int64Value, default: []].append(path)
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
        plan.useArchive = plan.reuse.isEmpty && !plan.fetch.isEmpty && manifest.archive != nil && !perAsset
        return plan
    }
}
