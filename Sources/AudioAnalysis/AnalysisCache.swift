import CatalogModel
import Foundation

/// Analysis results kept between builds, one JSON file per audio file named by its SHA-256,
/// in `analysis/` of the build caches' folder (``CacheFiles``: the tools pass
/// `$XDG_CACHE_HOME/soundshelf`; default `~/.cache/soundshelf`), never beside the published
/// files. A rebuild of unchanged audio reads its figures from here and decodes nothing.
/// Entries are written to a temporary name and renamed, so two builds at once never read half
/// a file; an unreadable entry is treated as missing.
///
/// ```swift
/// let cache = AnalysisCache.standard(in: caches)   // caches/analysis
/// let known = cache.load(sha256: hex)   // nil the first time
/// ```
package struct AnalysisCache: Sendable {
    package let folder: URL

    package init(folder: URL) { self.folder = folder }

    /// `<caches>/analysis`; by default `~/.cache/soundshelf/analysis`.
    package static func standard(in caches: URL = CacheFiles.defaultFolder) -> Self {
        Self(folder: CacheFiles.folder("analysis", in: caches))
    }

    private func file(_ sha256: String) -> URL { folder.appendingPathComponent("\(sha256).json") }

    package func load(sha256: String) -> SoundAnalysis? {
        guard let data = FileManager.default.contents(atPath: file(sha256).path) else { return nil }
        return try? JSONDecoder().decode(SoundAnalysis.self, from: data)
    }

    /// Stores an entry; a cache that cannot be written only costs a decode next time.
    package func store(_ analysis: SoundAnalysis, sha256: String) {
        guard let data = try? JSONEncoder().encode(analysis) else { return }
        CacheFiles.write(data, to: file(sha256))
    }

    /// The cached analysis, when there is one that can answer for `authoredLoop` (its seam was
    /// measured); nil means the file must be decoded.
    package func answer(sha256: String, authoredLoop: LoopRegion?) -> SoundAnalysis? {
        guard let known = load(sha256: sha256) else { return nil }
        guard let authored = authoredLoop else { return known }
        guard let region = known.loop(authored: authored, loopable: true), known.seamJump(of: region) != nil else {
            return nil
        }
        return known
    }

    /// The cached analysis when it can answer for `authoredLoop` (its seam was measured),
    /// else a fresh one, which is then stored.
    package func analysis(
        sha256: String, path: String, authoredLoop: LoopRegion?
    ) throws -> SoundAnalysis {
        if let known = answer(sha256: sha256, authoredLoop: authoredLoop) { return known }
        let fresh = try SoundAnalyzer.analyze(path: path, authoredLoop: authoredLoop)
        store(fresh, sha256: sha256)
        return fresh
    }
}
