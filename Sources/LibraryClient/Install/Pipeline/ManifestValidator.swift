import CatalogFormat
import PackTar

/// Checks a decoded manifest against its pack and catalog entry before anything is downloaded:
/// same pack id and version, canonical unique asset ids, flat `<assetId>.<ext>` names, hex
/// digests, sizes that add up to `totalBytes`, and items that belong to the pack.
struct ManifestValidator {
    let label: String
    let pack: PackWithState
    let items: Set<String>

    func validate(_ manifest: Manifest, entry: CatalogDocument.PackEntry) throws {
        if CanonicalID.parse(manifest.packId) != pack.id {
            throw PackInstallError.manifestMismatch(
                url: label, field: "packId", expected: pack.id, actual: manifest.packId)
        }
        if manifest.version != pack.version {
            throw PackInstallError.manifestMismatch(
                url: label, field: "version", expected: "\(pack.version)", actual: "\(manifest.version)")
        }
        var assetIds = Set<String>()
        var itemIds = Set<String>()
        var sum: Int64 = 0
        for (i, asset) in manifest.assets.enumerated() {
            let at = "$.assets[\(i)]"
            guard CanonicalID.parse(asset.assetId) == asset.assetId else {
                throw invalid("\(at).assetId '\(asset.assetId)' is not a lowercase UUID")
            }
            guard let item = CanonicalID.parse(asset.itemId), items.contains(item) else {
                throw invalid("\(at).itemId '\(asset.itemId)' is not an item of pack \(pack.id)")
            }
            guard asset.takeNumber >= 0 else { throw invalid("\(at).take is negative") }
            guard assetIds.insert(asset.assetId).inserted, itemIds.insert("\(item)#\(asset.takeNumber)").inserted else {
                throw invalid("\(at) repeats asset \(asset.assetId) or take \(asset.takeNumber) of item \(item)")
            }
            let name = asset.fileName
            guard PackArchiveExtractor.isFlatName(name), name.hasPrefix(asset.assetId + "."),
                PackArchiveExtractor.isValidEntryName(name)
            else {
                throw invalid("\(at).url '\(asset.url)' does not give a safe '<assetId>.<ext>' file name")
            }
            guard SHA256Digest.isHex(asset.sha256) else { throw invalid("\(at).sha256 is not 64 hex digits") }
            guard asset.bytes >= 0 else { throw invalid("\(at).bytes is negative") }
            let (next, overflow) = sum.addingReportingOverflow(asset.bytes)
            guard !overflow else {
                throw invalid("\(at).bytes makes the sizes add up to more than a 64-bit total can hold")
            }
            sum = next
        }
        if let gap = TakeNumbering.firstGap(in: manifest) {
            throw invalid("item \(gap.item) has takes \(gap.takes); takes are numbered 0, 1, 2… without gaps")
        }
        guard sum == manifest.totalBytes else {
            throw invalid("$.totalBytes is \(manifest.totalBytes) but the assets add up to \(sum)")
        }
        if let archive = manifest.archive {
            guard SHA256Digest.isHex(archive.sha256), archive.bytes >= 0 else {
                throw invalid("$.archive needs a 64-hex-digit sha256 and a size")
            }
            if let listed = entry.archive,
                listed.sha256.lowercased() != archive.sha256.lowercased() || listed.bytes != archive.bytes
            {
                throw PackInstallError.manifestMismatch(
                    url: label, field: "archive",
                    expected: "\(listed.sha256) (\(listed.bytes) bytes) as catalog.json lists it",
                    actual: "\(archive.sha256) (\(archive.bytes) bytes)")
            }
        }
    }

    private func invalid(_ reason: String) -> PackInstallError {
        .invalidManifest(url: label, reason: reason)
    }
}
