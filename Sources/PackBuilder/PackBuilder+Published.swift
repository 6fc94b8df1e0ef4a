import CatalogModel
import Crypto
import Foundation

extension PackBuilder {
    /// Whether the version of `pack` already in `outputDirectory` was built from the same
    /// content, checked without writing anything: every source file is probed and hashed once
    /// (not even read when its digest is known from an earlier build and its stat is unchanged)
    /// and the manifest it would give is compared with the published one (all but the archive
    /// entry, which follows from the assets).
    ///
    /// ```swift
    /// if try !PackBuilder.publishedVersionMatches(pack, outputDirectory: "dist") { /* raise version */ }
    /// ```
    public static func publishedVersionMatches(_ pack: PackSource, outputDirectory: String) throws -> Bool {
        try publishedVersionMatches(pack, outputDirectory: outputDirectory, settings: BuildSettings())
    }

    /// ``publishedVersionMatches(_:outputDirectory:)`` with the digests and analyses of the
    /// caches in `settings.cacheFolder`.
    package static func publishedVersionMatches(
        _ pack: PackSource, outputDirectory: String, settings: BuildSettings
    ) throws -> Bool {
        let path = URL(fileURLWithPath: outputDirectory)
            .appendingPathComponent("packs/\(pack.id)/\(pack.version)/manifest.json").path
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        var published = try CatalogJSON.decode(Manifest.self, from: data, file: path)
        let (assets, problems) = AssetPlan.make(for: pack)
        guard problems.isEmpty else { throw PackBuildError.invalid(DiagnosticReport(problems)) }
        var hashes: [String: (sha256: String, bytes: Int64)] = [:]
        let analysis = AnalysisRun(settings)
        let digests = settings.fileDigests
        for asset in assets {
            do { hashes[asset.fileName] = try digests.sha256(ofFileAt: asset.sourcePath) } catch {
                throw PackBuildError.io(path: asset.sourcePath, message: "cannot be read: \(error)")
            }
            analysis.submit(asset, sha256: hashes[asset.fileName]!.sha256)
        }
        let (analyses, failures) = analysis.finish(pack)
        guard failures.isEmpty else { throw PackBuildError.invalid(DiagnosticReport(failures)) }
        let expected = ManifestMaker.make(
            pack: pack, assets: assets, hashes: hashes, archive: nil, analyses: analyses)
        published.archive = nil
        return published == expected
    }
}
