import AudioAnalysis
import CatalogModel
import Foundation

/// The warnings about how an asset sounds, located at the item's `file:` in pack.yaml and
/// naming the audio file: a true peak above 0 dBTP ("will clip"), an almost silent file
/// (integrated loudness below −60 LUFS, or none at all), a loop whose seam jumps ("clicks at
/// the loop seam"). `--strict` makes them errors.
enum SoundWarnings {
    static let silenceBelow = -60.0

    static func check(_ asset: PlannedAsset, _ analysis: SoundAnalysis, pack: PackSource) -> [Diagnostic] {
        var found: [String] = []
        let file = asset.item.file
        let loudness = analysis.loudness
        if loudness.truePeak > 0 {
            found.append(
                "\(file): true peak \(signed(loudness.truePeak)) dBTP will clip; lower its level by at least \(String(format: "%.1f", loudness.truePeak + 1)) dB"
            )
        }
        if let integrated = loudness.integrated, integrated < silenceBelow {
            found.append(
                "\(file): almost silent (integrated loudness \(signed(integrated)) LUFS, below \(Int(silenceBelow)) LUFS); check the recording"
            )
        } else if loudness.integrated == nil, loudness.momentaryMax < silenceBelow {
            // Gated loudness is also undefined for a sound shorter than one 400 ms block; only
            // a file whose loudest moment is that quiet too is silent.
            found.append("\(file): almost silent (no gated loudness: digital silence); check the recording")
        }
        if let loop = analysis.loop(authored: asset.authoredLoop, loopable: asset.item.loopable),
            let jump = analysis.seamJump(of: loop), jump > SoundAnalysis.clickThreshold
        {
            found.append(
                "\(file): clicks at the loop seam: frames \(loop.end - 1) and \(loop.start) differ by \(String(format: "%.2f", jump)) of full scale; move the loop points to zero crossings or crossfade the ends"
            )
        }
        return found.map { diagnostic(.warning, $0, pack: pack, asset: asset) }
    }

    /// A diagnostic at the item's `file:` key.
    static func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, pack: PackSource, asset: PlannedAsset
    ) -> Diagnostic {
        let path = "\(pack.itemPath(asset.index)).file"
        let at = pack.locations[path]
        return Diagnostic(severity, message, file: pack.file, line: at?.line, column: at?.column, path: path)
    }

    /// Why the file could not be analysed, starting with its name as pack.yaml gives it.
    static func reason(of error: any Error, _ asset: PlannedAsset) -> String {
        guard let failure = error as? AudioAnalysisError else { return "\(asset.item.file): \(error)" }
        let text = failure.description
        let prefix = failure.path + ": "
        return asset.item.file + ": " + (text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
    }

    static func signed(_ value: Double) -> String { String(format: value > 0 ? "+%.1f" : "%.1f", value) }
}
