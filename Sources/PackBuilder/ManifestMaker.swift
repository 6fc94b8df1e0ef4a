import AudioAnalysis
import CatalogModel
import Foundation

/// The manifest of a built pack: the required keys plus `kind`, `title`, pack `tags`,
/// per-asset `duration`, `archive`, and each asset's sound (`loudness`, `loop`, `peaks`). Assets keep the pack.yaml order; URLs are relative.
enum ManifestMaker {
    static func make(
        pack: PackSource, assets: [PlannedAsset], hashes: [String: (sha256: String, bytes: Int64)],
        archive: Manifest.Archive?, analyses: [String: SoundAnalysis] = [:]
    ) -> Manifest {
        let entries = assets.map { asset -> Manifest.Asset in
            let hash = hashes[asset.fileName] ?? ("", 0)
            let analysis = analyses[asset.fileName]
            var entry = Manifest.Asset(
                assetId: asset.take.assetId, itemId: asset.item.id, url: "assets/\(asset.fileName)",
                sha256: hash.sha256, bytes: hash.bytes, codec: asset.info.codec,
                sampleRate: asset.info.sampleRate, channels: asset.info.channels,
                loopable: asset.item.loopable, tags: asset.tags,
                duration: (asset.info.duration * 1000).rounded() / 1000, loudness: analysis?.loudness,
                loop: analysis?.loop(authored: asset.authoredLoop, loopable: asset.item.loopable),
                peaks: analysis?.peaks)
            // An item with takes numbers every asset; an item with one file stays as it was.
            entry.take = asset.item.takes.count > 1 ? asset.take.take : nil
            entry.attribution = asset.item.attribution.resolved(over: pack.attribution)
            return entry
        }
        return Manifest(
            packId: pack.id, version: pack.version, totalBytes: entries.reduce(0) { $0 + $1.bytes },
            assets: entries, kind: pack.kind, title: pack.title,
            tags: pack.tags.isEmpty ? nil : pack.tags,
            archive: archive)
    }
}
