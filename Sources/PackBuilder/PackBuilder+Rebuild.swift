import AudioAnalysis
import BuildState
import CatalogModel
import Foundation

/// What makes a rebuild of an unchanged pack cheap: sources whose digests ``FileDigests``
/// knows are not read, their analyses come from the cache, and the asset copies and archive
/// of an earlier build of the same content are linked, each verified, instead of written.
extension PackBuilder {
    /// Each source's SHA-256 and size as ``FileDigests`` knows them (nothing is read) and its
    /// analysis from the cache; nil as soon as one of them is unknown.
    static func knownInputs(
        _ assets: [PlannedAsset], digests: FileDigests, cache: AnalysisCache
    ) -> (hashes: [String: (sha256: String, bytes: Int64)], analyses: [String: SoundAnalysis])? {
        var hashes: [String: (sha256: String, bytes: Int64)] = [:]
        var analyses: [String: SoundAnalysis] = [:]
        for asset in assets {
            guard let (sha256, stat) = digests.digest(of: asset.sourcePath), stat.size == asset.size,
                let analysis = cache.answer(sha256: sha256, authoredLoop: asset.authoredLoop)
            else { return nil }
            hashes[asset.fileName] = (sha256, stat.size)
            analyses[asset.fileName] = analysis
        }
        return (hashes, analyses)
    }

    /// Links the files of an earlier build of `expected` (its manifest without the archive)
    /// into `staging`; the archive entry, or nil with `staging` as it was. When the version is
    /// already in place (`final` exists), nothing is linked: the archive entry an earlier build
    /// recorded is enough to compare manifests (a link and its removal would move the change
    /// time of the published files, and their recorded digests with it).
    static func linkEarlierBuild(
        _ earlier: EarlierBuilds, mtime: Int64, into staging: URL, final: URL, expected: Manifest
    ) -> Manifest.Archive? {
        let key = EarlierBuilds.key(for: expected, mtime: mtime)
        if FileManager.default.fileExists(atPath: final.path) { return earlier.load(key)?.archive }
        let assets = staging.appendingPathComponent("assets")
        guard (try? FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        return earlier.link(expected, key: key, into: staging)
    }

    /// After a build is in place: the digests of the sources read whole and unchanged, and of
    /// every published file, and where this content now is. A file written in the last clock
    /// tick is waited for (at most a few milliseconds), so that its entry can be trusted.
    static func remember(
        _ manifest: Manifest, sources: [String: (stat: FileStat, checkedAt: Int64)], published: URL,
        in earlier: EarlierBuilds, mtime: Int64
    ) {
        let digests = earlier.digests
        let byName = Dictionary(manifest.assets.map { ($0.fileName, $0.sha256) }) { a, _ in a }
        for (name, source) in sources {
            if let sha256 = byName[name] { digests.record(source.stat, sha256: sha256, checkedAt: source.checkedAt) }
        }
        guard let archive = manifest.archive else { return }
        let outputs = manifest.assets.map { ($0.url, $0.sha256) } + [(archive.url, archive.sha256)]
        let stats = outputs.map { FileStat.of(path: published.appendingPathComponent($0.0).path) }
        let now = FileStat.now()
        let wait = stats.compactMap { $0.map { $0.modified + $0.stampGranularity - now } }.max() ?? 0
        if wait >= 0 {
            guard wait < 50_000_000 else { return }  // whole-second time stamps: not worth waiting for
            usleep(useconds_t(wait / 1000 + 1000))
        }
        for ((name, sha256), stat) in zip(outputs, stats) {
            guard let stat, digests.digest(of: stat) != sha256 else { continue }
            let path = published.appendingPathComponent(name).path
            if FileStat.of(path: path) == stat { digests.record(stat, sha256: sha256) }
        }
        earlier.record(EarlierBuilds.key(for: manifest, mtime: mtime), published: published, archive: archive)
    }
}
