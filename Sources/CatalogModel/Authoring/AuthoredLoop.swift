import Foundation
import Yams

/// An item's `loop:` in pack.yaml: `{start: 0.5, end: 30.5}` in seconds, or
/// `{startFrame: 24000, endFrame: 1464000}` in sample frames (`end` exclusive). It wins over
/// the loop marks in the file itself.
///
/// ```swift
/// AuthoredLoop.seconds(start: 0.5, end: 1.5).region(sampleRate: 48000)   // 24000..<72000
/// ```
public enum AuthoredLoop: Sendable, Equatable {
    case seconds(start: Double, end: Double)
    case frames(start: Int64, end: Int64)

    /// The region in frames at `sampleRate`.
    public func region(sampleRate: Int) -> LoopRegion {
        switch self {
        case .frames(let start, let end): return LoopRegion(start: start, end: end)
        case .seconds(let start, let end):
            let rate = Double(sampleRate)
            return LoopRegion(start: Int64((start * rate).rounded()), end: Int64((end * rate).rounded()))
        }
    }
}

extension YAMLReader {
    /// An item's `loop:` mapping; a wrong shape, a negative start or an end not after the start
    /// is an error at the key.
    mutating func loop(_ map: Node.Mapping, path: String) -> AuthoredLoop? {
        guard let node = map.value("loop"), node.null == nil else { return nil }
        let p = join(path, "loop")
        guard let loop = mapping(node, path: p, what: "'loop'") else { return nil }
        checkKeys(loop, allowed: ["start", "end", "startFrame", "endFrame"], path: p)
        let result: AuthoredLoop
        if loop["startFrame"] != nil || loop["endFrame"] != nil {
            guard let start = int(loop, "startFrame", path: p, required: true),
                let end = int(loop, "endFrame", path: p, required: true)
            else { return nil }
            result = .frames(start: Int64(start), end: Int64(end))
        } else {
            guard let start = double(loop, "start", path: p), let end = double(loop, "end", path: p) else {
                error("'loop' needs start and end (seconds) or startFrame and endFrame", at: node, path: p)
                return nil
            }
            result = .seconds(start: start, end: end)
        }
        let region = result.region(sampleRate: 1_000_000)
        guard region.start >= 0, region.end > region.start else {
            error("the loop must start at 0 or later and end after it starts", at: node, path: p)
            return nil
        }
        return result
    }

    /// catalog.yaml's `loudness: {atmosphere: -23, sfx: -16}`; a missing kind keeps its default.
    mutating func loudnessTargets(_ map: Node.Mapping) -> LoudnessTargets? {
        guard let node = map.value("loudness"), node.null == nil else { return nil }
        guard let targets = mapping(node, path: "loudness", what: "'loudness'") else { return nil }
        checkKeys(targets, allowed: ["atmosphere", "sfx"], path: "loudness")
        var result = LoudnessTargets.defaults
        for key in ["atmosphere", "sfx"] {
            guard let value = double(targets, key, path: "loudness") else { continue }
            guard (-70.0...0).contains(value) else {
                error(
                    "a loudness target is in LUFS between -70 and 0, found \(value)", at: targets.value(key),
                    path: "loudness.\(key)")
                continue
            }
            if key == "atmosphere" { result.atmosphere = value } else { result.sfx = value }
        }
        return result
    }
}
