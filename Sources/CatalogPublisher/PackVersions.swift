import CatalogModel
import Foundation
import PackBuilder

/// Builds every pack version of a catalog that is not yet in the output folder, and checks
/// the ones that are: the same version must have the same content (compared first, before
/// anything new is written; `unchanged` names the pack.yaml files whose files are those of the
/// last publish into the folder, which compared them).
struct PackVersions {
    var entries: [CatalogDocument.PackEntry] = []
    var manifests: [String: Manifest] = [:]
    var builtSlugs: [String] = []

    static func buildAll(
        _ catalog: ValidatedCatalog, output: URL, previous: [CatalogDocument.PackEntry]?, settings: BuildSettings,
        unchanged: Set<String> = [], progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> PackVersions {
        var result = PackVersions()
        let base = catalog.catalog.baseURL
        do {
            // Published versions are compared first, without writing; then new versions are built.
            let total = catalog.packs.count
            var done = 0
            for pack in catalog.packs where exists(pack, output) {
                progress?(done, total)
                done += 1
                // Its files are those the last publish into `output` compared or built.
                if unchanged.contains(pack.file) { continue }
                guard try PackBuilder.publishedVersionMatches(pack, outputDirectory: output.path, settings: settings)
                else {
                    throw PackBuildError.alreadyPublished(packId: pack.id, version: pack.version, slug: pack.slug)
                }
            }
            for pack in catalog.packs where !exists(pack, output) {
                progress?(done, total)
                done += 1
                let built = try PackBuilder.build(pack, outputDirectory: output.path, settings: settings)
                if built.written { result.builtSlugs.append(pack.slug) }
            }
        } catch let error as PackBuildError {
            throw publishError(error) { id in catalog.packs.first { $0.id == id }?.file }
        }
        let published = Dictionary(
            (previous ?? []).map { ("\($0.id)/\($0.version)", $0.manifest.sha256) },
            uniquingKeysWith: { a, _ in a })
        for pack in catalog.packs {
            let (entry, manifest) = try Self.entry(
                of: pack, output: output, baseURL: catalog.catalog.baseURL,
                publishedManifest: published["\(pack.id)/\(pack.version)"])
            result.manifests[pack.id] = manifest
            result.entries.append(entry)
        }
        return result
    }

    /// The line of a built pack version in catalog.json and its manifest, read from `output`; a
    /// manifest that is not the one published before (`publishedManifest`, its SHA-256) is refused.
    static func entry(of pack: PackSource, output: URL, baseURL base: String?, publishedManifest: String?) throws
        -> (CatalogDocument.PackEntry, Manifest)
    {
        let manifestPath = PublishLayout.manifestPath(packId: pack.id, version: pack.version)
        let archivePath = PublishLayout.archivePath(packId: pack.id, version: pack.version)
        let manifestData = try read(output.appendingPathComponent(manifestPath).path)
        let manifest = try CatalogJSON.decode(Manifest.self, from: manifestData, file: manifestPath)
        let manifestRef = FileReference(
            url: PublishLayout.url(manifestPath, baseURL: base),
            sha256: SHA256Digest.hex(of: manifestData), bytes: Int64(manifestData.count))
        if let publishedManifest, publishedManifest != manifestRef.sha256 {
            throw PublishError.identity([
                .changedWithoutNewVersion(packID: pack.id, slug: pack.slug, version: pack.version, file: pack.file)
            ])
        }
        let archiveRef = manifest.archive.map {
            FileReference(url: PublishLayout.url(archivePath, baseURL: base), sha256: $0.sha256, bytes: $0.bytes)
        }
        let entry = CatalogDocument.PackEntry(
            id: pack.id, slug: pack.slug, kind: pack.kind, title: pack.title,
            version: pack.version, manifest: manifestRef, archive: archiveRef)
        return (entry, manifest)
    }

    /// What a build's error means to a publish (`file` finds a pack's pack.yaml by its id).
    static func publishError(_ error: PackBuildError, file: (String) -> String?) -> PublishError {
        switch error {
        case .invalid(let report): .invalid(report)
        case .alreadyPublished(let packID, let version, let slug):
            .identity([.changedWithoutNewVersion(packID: packID, slug: slug, version: version, file: file(packID))])
        default: .build(error)
        }
    }

    static func exists(_ pack: PackSource, _ output: URL) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent("packs/\(pack.id)/\(pack.version)").path)
    }

    private static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PublishError.io(
                path: path, message: "cannot be read; delete the incomplete pack folder and publish again")
        }
        return data
    }
}
