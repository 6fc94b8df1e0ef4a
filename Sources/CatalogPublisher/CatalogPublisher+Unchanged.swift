import BuildState
import CatalogModel
import Crypto
import Foundation
import PackBuilder

extension CatalogPublisher {
    /// What a publish keeps in the build state to notice that nothing changed: the tools' build,
    /// the options that shape the output, and the stats of everything it reads besides the packs
    /// (the templates, the signing key).
    static func publishContext(_ options: PublishOptions) -> String {
        var parts = [
            ToolStamp.current, "schema \(options.schemaVersion)", "keep \(options.keepVersions)",
            "strict \(options.strict)", "expires \(options.expiresInDays)",
        ]
        var read = options.signKeyPaths
        if let keys = CatalogSigning.keysFolder(options.keysFolder, signKeys: options.signKeyPaths) {
            let folder = URL(fileURLWithPath: keys)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            read += names.sorted().map { folder.appendingPathComponent($0).path }
            let roots =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("root").path)) ?? []
            read += roots.sorted().map { folder.appendingPathComponent("root/" + $0).path }
            parts.append("keys \(keys)")
        }
        if !options.signerCommands.isEmpty { parts.append("signers \(options.signerCommands)") }
        if let templates = options.templatesDirectory {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: templates)) ?? []
            read += names.sorted().map { (templates as NSString).appendingPathComponent($0) }
            parts.append("templates \(templates)")
        }
        parts.append(FileStamp(paths: read).digest)
        return parts.joined(separator: "; ")
    }

    /// The result of a publish whose sources did not change since the last publish into `output`
    /// and whose catalog.json is the one it wrote: nothing is read but the stats of the sources
    /// and catalog.json itself, nothing is rewritten but a missing signature. Nil when anything
    /// differs (then the publish runs in full).
    static func unchanged(
        _ options: PublishOptions, output: URL, check: CatalogCheck, state: BuildStateStore, writer: PublishWriter
    ) throws -> PublishResult? {
        guard !options.renew, check.packsRead == 0,
            state.publishIsCurrent(
                output: output.path, context: publishContext(options), sources: check.sources),
            let packs = check.packs, packs.allSatisfy({ publishedVersionExists($0, output: output) })
        else { return nil }
        let catalogPath = output.appendingPathComponent("catalog.json").path
        guard let bytes = FileManager.default.contents(atPath: catalogPath),
            let probe = try? CatalogJSON.decode(CatalogSchemaProbe.self, from: bytes, file: catalogPath)
        else { return nil }
        let version: Int
        let seed: FileReference
        if probe.schemaVersion == 2 {
            guard let document = try? CatalogJSON.decode(ShardedCatalogDocument.self, from: bytes, file: catalogPath)
            else { return nil }
            (version, seed) = (document.catalogVersion, document.index)
        } else {
            guard let document = try? CatalogJSON.decode(CatalogDocument.self, from: bytes, file: catalogPath)
            else { return nil }
            (version, seed) = (document.catalogVersion, document.seed)
        }
        guard writer.signing?.isCurrent(bytes, output: output) ?? true else { return nil }
        let signature = try writer.ensureSignature(for: bytes)
        return PublishResult(
            catalogVersion: version, changed: false, catalog: catalogPath,
            seed: output.appendingPathComponent(PublishLayout.localPath(of: seed.url)).path,
            signature: signature, packsBuilt: [], removedPacks: [], removedItems: [])
    }

    /// Whether the pack's version is in the folder with its manifest.
    static func publishedVersionExists(_ pack: PackCheck.PackClaim, output: URL) -> Bool {
        FileManager.default.fileExists(
            atPath: output.appendingPathComponent(PublishLayout.manifestPath(packId: pack.id, version: pack.version))
                .path)
    }
}
