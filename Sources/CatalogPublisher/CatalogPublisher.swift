import BuildState
import CatalogModel
import Crypto
import Foundation
import PackBuilder

/// `catalog publish DIR`: validates the catalog source and every pack together, builds the
/// pack versions not yet published, checks the identity rules against the catalog already in
/// DIR, then writes the seed, the signature and index.html, and catalog.json last by atomic
/// rename — so a reader never sees a catalog.json pointing at a file that is not there yet.
///
/// ```swift
/// let result = try CatalogPublisher.publish(PublishOptions(output: "dist", source: "catalog"))
/// result.catalogVersion   // 1 on the first publish
/// ```
public enum CatalogPublisher {
    public static func publish(_ options: PublishOptions) throws -> PublishResult {
        let output = URL(fileURLWithPath: options.output).standardizedFileURL
        let sourceFile = URL(fileURLWithPath: options.source).appendingPathComponent("catalog.yaml").path
        let signing: CatalogSigning?
        do {
            signing = try CatalogSigning.make(
                keysFolder: options.keysFolder, signKeys: options.signKeyPaths, signers: options.signerCommands,
                output: output, now: options.now)
        } catch PublishError.keys(.key(let error)) {
            throw PublishError.signingKey(error)
        }
        // When no source file changed since the build state saw them and nothing changed since the
        // last publish into `output`, that is all (stats only). Otherwise every pack is read to write
        // the catalog: a pack whose files did not change is parsed, not checked again.
        let state = options.usesBuildState ? BuildStateStore.open(in: options.build.cacheFolder) : nil
        let writer = PublishWriter(output: output, signing: signing)
        if let state, let kept = CatalogCheck.kept(catalogAt: sourceFile, state: state, sound: false),
            case let report = kept.report.promotingWarnings(options.strict), !report.hasErrors,
            let result = try unchanged(options, output: output, check: kept, state: state, writer: writer)
        {
            printWarnings(report)
            return result
        }
        let checking = options.progress.map { report in
            { (done: Int, total: Int) in report("checking packs", done, total) }
        }
        // A schema-2 catalog is written pack by pack (packs are read again one at a time); a
        // schema-1 catalog, one seed file, from the whole catalog in memory.
        let packByPack = options.schemaVersion == 2 && previousSchema(in: output) != 1
        let check = CatalogCheck.run(
            catalogAt: sourceFile, settings: options.build, state: state, sound: false, readingAll: true,
            keepingPacks: !packByPack, progress: checking)
        let report = check.report.promotingWarnings(options.strict)
        guard !report.hasErrors else { throw PublishError.invalid(report) }
        if let state, check.packsRead == 0,
            let result = try unchanged(options, output: output, check: check, state: state, writer: writer)
        {
            printWarnings(report)
            return result
        }
        guard let catalog = check.validated else { throw PublishError.invalid(report) }
        printWarnings(report)
        if packByPack {
            return try PackByPackPublish(options: options, output: output, writer: writer, state: state, check: check)
                .run()
        }
        // A pack whose files are those of the last publish into `output` is not compared with its
        // published version again (that publish did).
        let published = state?.packsAtLastPublish(output: output.path, context: publishContext(options)) ?? [:]
        let unchangedPacks = Set(check.packStamps.filter { published[$0.key] == $0.value }.keys)
        let result = try publish(
            catalog, options: options, output: output, writer: writer, unchangedPacks: unchangedPacks)
        state?.recordPublish(
            output: output.path, context: publishContext(options), sources: check.sources, packs: check.packStamps)
        return result
    }

    /// The schema of the catalog.json in `output` (nil: none, or not readable as one).
    private static func previousSchema(in output: URL) -> Int? {
        let path = output.appendingPathComponent("catalog.json").path
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        return (try? CatalogJSON.decode(CatalogSchemaProbe.self, from: bytes, file: path))?.schemaVersion
    }

    private static func printWarnings(_ report: DiagnosticReport) {
        for warning in report.warnings { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
    }

    private static func publish(
        _ catalog: ValidatedCatalog, options: PublishOptions, output: URL, writer: PublishWriter,
        unchangedPacks: Set<String>
    ) throws -> PublishResult {

        let previous = try PreviousCatalog.load(from: output)
        let rules = IdentityRules(previous: previous?.seed, current: catalog)
        guard rules.problems.isEmpty else { throw PublishError.identity(rules.problems) }

        let built = try PackVersions.buildAll(
            catalog, output: output, previous: previous?.packs, settings: options.build, unchanged: unchangedPacks,
            progress: options.progress.map { report in { report("building packs", $0, $1) } })
        var version = previous?.document.catalogVersion ?? 1
        let packs = built.entries
        var seed = SeedMaker.make(catalog, manifests: built.manifests, catalogVersion: version)
        let unchanged = try previous?.sameContent(as: seed, packs: packs, title: catalog.catalog.title) ?? false
        // After the catalog keys changed, the published signatures no longer count: a new version.
        let renew =
            options.renew || previous.map { !(writer.signing?.isCurrent($0.bytes, output: output) ?? true) } ?? false
        if previous != nil && (!unchanged || renew) {
            version += 1
            seed.catalogVersion = version
        }
        if unchanged && !renew, let previous {
            // Nothing changed: rewrite nothing; only add a missing signature for the current catalog.json.
            let signature = try writer.ensureSignature(for: previous.bytes)
            return PublishResult(
                catalogVersion: previous.document.catalogVersion, changed: false,
                catalog: output.appendingPathComponent("catalog.json").path,
                seed: output.appendingPathComponent(PublishLayout.localPath(of: previous.document.importFile.url)).path,
                signature: signature, packsBuilt: built.builtSlugs,
                removedPacks: rules.removedPacks, removedItems: rules.removedItems)
        }
        let generatedAt = ISO8601.string(options.now)
        let expires = ISO8601.string(options.now.addingTimeInterval(Double(options.expiresInDays) * 86_400))
        let documentBytes: Data
        let seedRef: FileReference
        var packDigests: [String: String] = [:]
        if options.schemaVersion == 1 {
            seedRef = try writer.writeSeed(try CatalogJSON.encode(seed), baseURL: catalog.catalog.baseURL)
            documentBytes = try CatalogJSON.encode(
                CatalogDocument(
                    catalogVersion: version, generatedAt: generatedAt, title: catalog.catalog.title,
                    expires: expires, seed: seedRef, packs: packs))
        } else {
            let spool = try ShardedPublish.spool(
                seed, references: Dictionary(packs.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }),
                previous: previous?.sharded?.index)
            packDigests = spool.packDigests
            let written = try ShardedPublish(writer: writer, keepVersions: max(options.keepVersions, 1)).write(
                spool,
                ShardedPublish.Version(
                    catalogVersion: version, vocabularies: seed.vocabularies, loudness: seed.loudness,
                    title: catalog.catalog.title, generatedAt: generatedAt, expires: expires,
                    baseURL: catalog.catalog.baseURL),
                previous: previous?.shardedPrevious)
            documentBytes = written.documentBytes
            seedRef = written.index
        }
        let page = CatalogDocument(
            schemaVersion: options.schemaVersion, catalogVersion: version, generatedAt: generatedAt,
            title: catalog.catalog.title, expires: expires, seed: seedRef, packs: packs)
        let signature = try writer.ensureSignature(for: documentBytes)
        try writer.writePages(
            catalog: page, seed: seed, manifests: built.manifests, templates: options.templatesDirectory,
            packDigests: packDigests)
        try writer.writeCatalog(documentBytes)
        return PublishResult(
            catalogVersion: version, changed: true, catalog: output.appendingPathComponent("catalog.json").path,
            seed: output.appendingPathComponent(PublishLayout.localPath(of: seedRef.url)).path,
            signature: signature, packsBuilt: built.builtSlugs,
            removedPacks: rules.removedPacks, removedItems: rules.removedItems)
    }
}
