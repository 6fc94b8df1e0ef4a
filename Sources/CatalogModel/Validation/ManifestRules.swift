/// Rules on a manifest.json beyond its keys and types: ids, hashes, sizes, URLs, tags.
///
/// ```swift
/// let problems = ManifestRules.check(manifest, file: "packs/…/manifest.json")
/// ```
public enum ManifestRules {
    public static let codecs = ["pcm", "flac", "vorbis", "opus", "mp3", "aac", "alac"]

    public static func check(_ manifest: Manifest, file: String) -> [Diagnostic] {
        var r = JSONRules(file: file)
        r.uuid(manifest.packId, "$.packId")
        if manifest.version < 1 { r.error("version must be 1 or higher", "$.version") }
        var seen: [String: String] = [:]
        for (i, asset) in manifest.assets.enumerated() {
            let p = "$.assets[\(i)]"
            r.uuid(asset.assetId, "\(p).assetId")
            r.uuid(asset.itemId, "\(p).itemId")
            r.unique(asset.assetId, "\(p).assetId", seen: &seen)
            r.relativeURL(asset.url, "\(p).url")
            r.hex(asset.sha256, "\(p).sha256")
            if asset.bytes < 0 { r.error("bytes must not be negative", "\(p).bytes") }
            if !codecs.contains(asset.codec) {
                r.error("unknown codec '\(asset.codec)'; use one of \(codecs.joined(separator: ", "))", "\(p).codec")
            }
            if asset.sampleRate <= 0 { r.error("sampleRate must be positive", "\(p).sampleRate") }
            if asset.channels <= 0 { r.error("channels must be positive", "\(p).channels") }
            if let tags = asset.tags, let kind = manifest.kind { r.tags(tags, kind: kind, "\(p).tags") }
        }
        // Sizes come from the file: add them without trapping on overflow.
        let sum = manifest.assets.reduce(Int64(0) as Int64?) { total, asset in
            total.flatMap { total in
                let (next, overflow) = total.addingReportingOverflow(asset.bytes)
                return overflow ? nil : next
            }
        }
        if let sum, sum != manifest.totalBytes {
            r.error("totalBytes is \(manifest.totalBytes) but the assets add up to \(sum)", "$.totalBytes")
        } else if sum == nil {
            r.error(
                "the assets' bytes add up to more than a 64-bit total can hold; sizes must be real file sizes",
                "$.totalBytes")
        }
        if let archive = manifest.archive {
            r.relativeURL(archive.url, "$.archive.url")
            r.hex(archive.sha256, "$.archive.sha256")
        }
        return r.found
    }
}
