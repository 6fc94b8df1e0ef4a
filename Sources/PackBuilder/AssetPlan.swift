import AudioProbe
import CatalogModel
import Foundation

/// One take of an item's audio, probed and checked against what the author declared: everything the
/// builder needs before it copies a byte.
struct PlannedAsset: Sendable {
    var item: ItemSource
    var index: Int
    /// The take this file is (0 for an item with one file).
    var take: TakeSource
    var sourcePath: String
    var size: Int64
    var info: AudioInfo
    var fileName: String
    var tags: TagSet
}

enum AssetPlan {
    /// Probes every item's file and collects every problem (unreadable audio, a declared value
    /// the file contradicts: ``AudioRules``) before anything is written.
    static func make(for pack: PackSource) -> ([PlannedAsset], [Diagnostic]) {
        var planned: [PlannedAsset] = []
        var problems: [Diagnostic] = []
        for (i, item) in pack.items.enumerated() {
            for take in item.takes {
                let (probed, found) = AudioRules.check(pack, item: i, take: take.take)
                problems += found
                guard let info = probed, found.isEmpty else { continue }
                let path = pack.directory.appendingPathComponent(take.file).path
                let size =
                    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
                let ext = AudioProbe.fileExtension(for: info, sourcePath: path)
                planned.append(
                    PlannedAsset(
                        item: item, index: i, take: take, sourcePath: path, size: size, info: info,
                        fileName: "\(take.assetId).\(ext)", tags: pack.tags.union(item.tags)))
            }
        }
        return (planned, problems)
    }
}
