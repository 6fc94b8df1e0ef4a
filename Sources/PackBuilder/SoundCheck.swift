import AudioAnalysis
import CatalogModel
import Foundation

/// What `packer validate` adds to the file rules: every asset of a pack.yaml (or of every pack
/// of a catalog.yaml) is decoded and measured, as `packer build` would (the analysis cache
/// answers for audio it has seen), and reported with the same warnings and errors.
///
/// ```swift
/// let found = SoundCheck.diagnostics(forDocumentAt: "catalog/catalog.yaml", strict: false)
/// let same = SoundCheck.diagnostics(forDocumentAt: "pack.yaml", settings: settings)  // its caches
/// ```
public enum SoundCheck {
    /// The diagnostics of the document at `path`, with the caches of the default ``BuildSettings``.
    public static func diagnostics(forDocumentAt path: String, strict: Bool = false) -> [Diagnostic] {
        diagnostics(forDocumentAt: path, strict: strict, settings: BuildSettings())
    }

    /// The diagnostics of the document at `path`, with the caches in `settings.cacheFolder`.
    package static func diagnostics(
        forDocumentAt path: String, strict: Bool = false, settings: BuildSettings
    ) -> [Diagnostic] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let named = DocumentKind(rawValue: (path as NSString).lastPathComponent)
        var found: [Diagnostic] = []
        switch DocumentKind.detect(data) ?? named {
        case .packYAML:
            if let pack = PackSource.load(path: path).0 { found = diagnostics(for: pack, settings: settings) }
        case .catalogYAML:
            guard let catalog = CatalogSource.load(path: path).0 else { return [] }
            for file in catalog.packFiles() {
                if let pack = PackSource.load(path: file).0 { found += diagnostics(for: pack, settings: settings) }
            }
        default: return []
        }
        return DiagnosticReport(found).promotingWarnings(strict).diagnostics
    }

    /// The analysis warnings and decode errors of one pack's readable assets (files the audio
    /// rules refuse are left to them), with the caches of the default ``BuildSettings``.
    public static func diagnostics(for pack: PackSource) -> [Diagnostic] {
        diagnostics(for: pack, settings: BuildSettings())
    }

    /// ``diagnostics(for:)`` with the caches in `settings.cacheFolder`.
    package static func diagnostics(for pack: PackSource, settings: BuildSettings) -> [Diagnostic] {
        let (assets, _) = AssetPlan.make(for: pack)
        let analysis = AnalysisRun(settings)
        var unreadable: [Diagnostic] = []
        let digests = settings.fileDigests
        for asset in assets {
            guard let (sha256, _) = try? digests.sha256(ofFileAt: asset.sourcePath) else {
                unreadable.append(
                    SoundWarnings.diagnostic(.error, "\(asset.item.file): cannot be read", pack: pack, asset: asset))
                continue
            }
            analysis.submit(asset, sha256: sha256)
        }
        let (analyses, failures) = analysis.finish(pack)
        let warnings = assets.flatMap { asset in
            analyses[asset.fileName].map { SoundWarnings.check(asset, $0, pack: pack) } ?? []
        }
        return unreadable + failures + warnings
    }
}
