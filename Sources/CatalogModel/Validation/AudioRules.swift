import AudioProbe
import Foundation

/// The audio rule on one pack item: its file must be a supported, complete audio file (its
/// header is read, which is cheap), and every value the author also wrote (`codec`,
/// `sampleRate`, `channels`, `duration`) must agree with the file. Problems are reported at the
/// item's `file:` (or the contradicted key) in pack.yaml.
///
/// ```swift
/// let (info, problems) = AudioRules.check(pack, item: 0)   // info is nil when the file is not audio
/// ```
package enum AudioRules {
    /// Probes item `index`'s file (which ``FileRules`` has accepted) and collects every problem.
    package static func check(_ pack: PackSource, item index: Int) -> (AudioInfo?, [Diagnostic]) {
        check(pack, item: index, take: 0)
    }

    /// Probes take `take` of item `index` (``FileRules`` has accepted its file) and collects every
    /// problem; a take of a `files:` item is reported at its entry of the list.
    package static func check(_ pack: PackSource, item index: Int, take: Int) -> (AudioInfo?, [Diagnostic]) {
        let item = pack.items[index]
        let file = item.takes[take].file
        let path = pack.directory.appendingPathComponent(file).path
        let field = item.takes.count > 1 ? "\(pack.itemPath(index)).files[\(take)]" : "\(pack.itemPath(index)).file"
        func problem(_ message: String, at key: String) -> Diagnostic {
            let at = pack.locations[key] ?? pack.locations[field]
            return Diagnostic(.error, message, file: pack.file, line: at?.line, column: at?.column, path: key)
        }
        let takeLabel = item.takes.count > 1 ? " (\(item.id)), take \(take)" : ""
        let info: AudioInfo
        do {
            info = try AudioProbe.probe(fileAt: path)
        } catch {
            return (
                nil,
                [
                    problem(
                        "item '\(item.title)'\(takeLabel): \(error.message) (\(file)); "
                            + "export it again as WAV, AIFF, FLAC, Ogg Vorbis/Opus, MP3 or M4A", at: field)
                ]
            )
        }
        var declared = item.declared
        if item.takes.count > 1 { declared.duration = nil }  // takes differ in length
        let problems = mismatches(declared, info).map { m in
            problem(
                "item '\(item.title)'\(takeLabel): pack.yaml says \(m.key) is \(m.declared) but \(file) has \(m.found); "
                    + "correct or remove '\(m.key)'", at: "\(pack.itemPath(index)).\(m.key)")
        }
        return (info, problems)
    }

    struct Mismatch {
        var key: String
        var declared: String
        var found: String
    }

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
            result.append(
                Mismatch(key: "duration", declared: "\(duration) s", found: String(format: "%.3f s", info.duration)))
        }
        return result
    }
}
