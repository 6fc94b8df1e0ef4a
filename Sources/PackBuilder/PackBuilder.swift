import AudioAnalysis
import BuildState
import CatalogModel
import Foundation

/// `packer build`: one pack.yaml → `<out>/packs/<packId>/<version>/` holding `manifest.json`,
/// `pack.tar` and `assets/<assetId>.<ext>`. The version is built in a temporary
/// folder inside `<out>` and renamed into place, so no reader ever sees half of it; building
/// the same inputs twice gives byte-identical files. How it runs (the cache folder, the archive's
/// time stamp, the read chunks) is the caller's ``BuildSettings``; the defaults without one.
///
/// ```swift
/// let result = try PackBuilder.build(packAt: "catalog/packs/dungeon-delve/pack.yaml", outputDirectory: "dist")
/// result.manifest   // "dist/packs/3f0d…/1/manifest.json"
/// ```
public enum PackBuilder {
    /// Validates, then builds with the default ``BuildSettings``. Throws ``PackBuildError``.
    public static func build(
        packAt path: String, outputDirectory: String, strict: Bool = false,
        progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) throws -> PackBuildResult {
        try build(
            packAt: path, outputDirectory: outputDirectory, strict: strict, settings: BuildSettings(),
            progress: progress)
    }

    /// Validates, then builds with `settings`. Throws ``PackBuildError``.
    package static func build(
        packAt path: String, outputDirectory: String, strict: Bool = false, settings: BuildSettings,
        progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) throws -> PackBuildResult {
        let (pack, report) = PackValidator.validate(packAt: path, strict: strict)
        guard let pack, !report.hasErrors else { throw PackBuildError.invalid(report) }
        return try build(pack, outputDirectory: outputDirectory, strict: strict, settings: settings, progress: progress)
    }

    /// Builds a validated pack with the default ``BuildSettings``.
    public static func build(
        _ pack: PackSource, outputDirectory: String, strict: Bool = false,
        progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) throws -> PackBuildResult {
        try build(pack, outputDirectory: outputDirectory, strict: strict, settings: BuildSettings(), progress: progress)
    }

    /// Builds a pack that has already been validated (as `catalog publish` does for all its packs).
    /// Every asset is analysed while it is copied (``SoundWarnings`` become errors with `strict`);
    /// a file that cannot be decoded fails the build and nothing is written.
    package static func build(
        _ pack: PackSource, outputDirectory: String, strict: Bool = false, settings: BuildSettings,
        progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) throws -> PackBuildResult {
        let (assets, problems) = AssetPlan.make(for: pack)
        guard problems.isEmpty else { throw PackBuildError.invalid(DiagnosticReport(problems)) }
        let fm = FileManager.default
        let packFolder = URL(fileURLWithPath: outputDirectory).appendingPathComponent("packs/\(pack.id)")
        let final = packFolder.appendingPathComponent("\(pack.version)")
        let staging = packFolder.appendingPathComponent(".staging-\(pack.version)-\(UUID().uuidString.prefix(8))")
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw PackBuildError.io(
                path: staging.path, message: "cannot create the build folder: \(error.localizedDescription)")
        }
        defer { try? fm.removeItem(at: staging) }

        let earlier = settings.earlierBuilds
        let cache = settings.analysisCache
        let mtime = settings.sourceDateEpoch
        var hashes: [String: (sha256: String, bytes: Int64)]
        var archive: Manifest.Archive
        var analyses: [String: SoundAnalysis]
        var sources: [String: (stat: FileStat, checkedAt: Int64)] = [:]
        var failures: [Diagnostic] = []
        if let known = knownInputs(assets, digests: earlier.digests, cache: cache),
            let linked = linkEarlierBuild(
                earlier, mtime: mtime, into: staging, final: final,
                expected: ManifestMaker.make(
                    pack: pack, assets: assets, hashes: known.hashes, archive: nil, analyses: known.analyses))
        {
            // An earlier build of the same content: its files, each verified, are this build's.
            (hashes, analyses, archive) = (known.hashes, known.analyses, linked)
        } else {
            let analysis = AnalysisRun(cache: cache, starts: earlier.digests, reportsTiming: settings.reportsTiming)
            var writer = StreamingPackWriter(folder: staging, settings: settings, progress: progress)
            let digests = earlier.digests
            writer.opened = { asset, start in
                analysis.opened(
                    asset, knownSHA256: digests.digest(of: asset.sourcePath)?.sha256, start: start,
                    chunkSize: settings.readChunkSize)
            }
            writer.hashed = { analysis.hashed($0, sha256: $1) }
            do { (hashes, archive, sources) = try writer.write(assets) } catch {
                analysis.cancel()
                throw error
            }
            (analyses, failures) = analysis.finish(pack)
            if let timing = analysis.timing { FileHandle.standardError.write(Data((timing + "\n").utf8)) }
        }
        let warnings = assets.flatMap { asset in
            analyses[asset.fileName].map { SoundWarnings.check(asset, $0, pack: pack) } ?? []
        }
        let refused = failures + (strict ? DiagnosticReport(warnings).promotingWarnings(true).diagnostics : [])
        guard refused.isEmpty else { throw PackBuildError.invalid(DiagnosticReport(refused)) }
        try copyArtwork(of: pack, into: staging)
        let manifest = ManifestMaker.make(
            pack: pack, assets: assets, hashes: hashes, archive: archive, analyses: analyses)
        let manifestData = try CatalogJSON.encode(manifest)
        // No fsync: like the assets and the archive (none is synced; `catalog publish` and
        // `verify` check every hash), and on ext4 one fsync here would flush the whole gigabyte.
        try AtomicFile.write(manifestData, to: staging.appendingPathComponent("manifest.json").path, durable: false)

        var result = PackBuildResult(
            packId: pack.id, version: pack.version,
            manifest: final.appendingPathComponent("manifest.json").path,
            archive: final.appendingPathComponent("pack.tar").path,
            assets: assets.count, totalBytes: manifest.totalBytes, written: true, warnings: warnings)
        if fm.fileExists(atPath: final.path) {
            let existing = fm.contents(atPath: result.manifest)
            guard existing == manifestData else {
                throw PackBuildError.alreadyPublished(packId: pack.id, version: pack.version, slug: pack.slug)
            }
            result.written = false
            return result
        }
        // Only a version that was compared, not linked, can lack files here (it was removed
        // meanwhile): never publish a staging folder that does not hold the whole pack.
        for name in manifest.assets.map(\.url) + ["pack.tar"]
        where !fm.fileExists(atPath: staging.appendingPathComponent(name).path) {
            throw PackBuildError.io(path: final.path, message: "was removed during the build; build again")
        }
        chmod(staging.path, 0o755)
        chmod(staging.appendingPathComponent("assets").path, 0o755)
        guard rename(staging.path, final.path) == 0 else {
            throw PackBuildError.io(
                path: final.path, message: "cannot move the built pack into place: \(String(cString: strerror(errno)))")
        }
        remember(manifest, sources: sources, published: final, in: earlier, mtime: mtime)
        return result
    }

    /// The published name of a pack's local artwork file: `artwork.<ext>` beside manifest.json.
    public static func artworkFileName(for artwork: String) -> String {
        let ext = (artwork as NSString).pathExtension.lowercased()
        return ext.isEmpty ? "artwork" : "artwork.\(ext)"
    }

    static func copyArtwork(of pack: PackSource, into folder: URL) throws {
        guard let artwork = pack.artwork, !artwork.hasPrefix("https://") else { return }
        let source = pack.directory.appendingPathComponent(artwork)
        let target = folder.appendingPathComponent(artworkFileName(for: artwork))
        do { try FileManager.default.copyItem(at: source, to: target) } catch {
            throw PackBuildError.io(
                path: source.path, message: "artwork cannot be copied: \(error.localizedDescription)")
        }
    }
}
