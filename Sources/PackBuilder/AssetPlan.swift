import AudioProbe
import CatalogModel
import Foundation

/// One item's audio, probed and checked against what the author declared: everything the
/// builder needs before it copies a byte.
struct PlannedAsset: Sendable {
    var item: ItemSource
    var index: Int
    var sourcePath: String
    var size: Int64
    var info: AudioInfo
    var fileName: String
    var tags: TagSet
}

enum AssetPlan {
    /// Probes every item's file and collects every problem (unreadable audio, a declared value
    /// the file contradicts) before anything is written.
    static func make(for pack: PackSource) -> ([PlannedAsset], [Diagnostic]) {
        var planned: [PlannedAsset] = []
        var problems: [Diagnostic] = []
        for (i, item) in pack.items.enumerated() {
            let path = pack.directory.appendingPathComponent(item.file).path
            let field = "items[\(i)].file"
            let at = pack.locations[field]
            func fail(_ message: String, _ p: String = field) {
                let loc = pack.locations[p] ?? at
                problems.append(Diagnostic(.error, message, file: pack.file, line: loc?.line, column: loc?.column, path: p))
            }
            let info: AudioInfo
            do {
                info = try AudioProbe.probe(fileAt: path)
            } catch {
                fail("item '\(item.title)': \(error.message) (\(item.file))")
                continue
            }
            for problem in mismatches(item.declared, info) {
                fail("item '\(item.title)': pack.yaml says \(problem.key) is \(problem.declared) but \(item.file) has \(problem.found)",
                     "items[\(i)].\(problem.key)")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
            let ext = AudioProbe.fileExtension(for: info, sourcePath: path)
            planned.append(PlannedAsset(item: item, index: i, sourcePath: path, size: size, info: info,
                                        fileName: "\(item.assetId).\(ext)", tags: pack.tags.union(item.tags)))
        }
        return (planned, problems)
    }

    struct Mismatch { var key: String; var declared: String; var found: String }

    static func mismatches(_ declared: DeclaredAudio, _ info: AudioInfo) -> [Mismatch] {
        var result: [Mismatch] = []
        if let codec = declared.codec, codec.lowercased() != info.codec {
            result.append(Mismatch(key: "codec", declared: codec, found: info.codec))
        }
        if let rate = declared.sampleRate, rate != info.sampleRate {
            result.append(Mismatch(key: "sampleRate", declared: "\(rate)", found: "\(info.sampleRate)"))
        }
        if let channels = declared.channels, channels != info.channels {
            result.append(Mismatch(key: "channels", declared: "\(channels)", found: "\(info.channels)"))
        }
        if let duration = declared.duration, abs(duration - info.duration) > max(0.05, info.duration * 0.01) {
            result.append(Mismatch(key: "duration", declared: "\(duration) s", found: String(format: "%.3f s", info.duration)))
        }
        return result
    }
}
