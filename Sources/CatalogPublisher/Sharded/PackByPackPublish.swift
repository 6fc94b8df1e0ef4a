import BuildState
import CatalogModel
import Foundation
import PackBuilder

/// A schema-2 publish made one pack at a time, in memory that does not grow with the items: a pack
/// whose files did not change since the last publish into the folder (its stamp in the build
/// state, ``PublishedPackRecord``) is not read at all — its line stays in its shard and its summary
/// for the top page comes from the state; only the shards holding a changed, new or removed pack
/// are read and written again. Each other pack is read, built when its version is new, and turned
/// into its shard line, its page and its summary before the next. Without the state every pack is
/// read, and the folder written is the same.
///
/// ```swift
/// let result = try PackByPackPublish(options: options, output: dist, writer: writer, state: state,
///                                    check: check).run()
/// ```
struct PackByPackPublish {
    let options: PublishOptions
    let output: URL
    let writer: PublishWriter
    let state: BuildStateStore?
    let check: CatalogCheck

    /// One pack of the catalog: its pack.yaml, what the checks said of it, and its record of the
    /// last publish when its files and the publish's context are the same.
    private struct Source {
        var file: String
        var claim: PackCheck.PackClaim
        var stamp: String
        var items: Int
        var kept: PublishedPackRecord?
    }

    func run() throws -> PublishResult {
        guard let catalog = check.validated?.catalog, let vocabularies = check.validated?.seedVocabularies,
            let claims = check.packs, claims.count == catalog.packFiles().count
        else { throw PublishError.invalid(check.report) }
        let catalogPath = output.appendingPathComponent("catalog.json").path
        let previousBytes = FileManager.default.contents(atPath: catalogPath)
        let previous = try previousBytes.map { try PreviousCatalog.head($0, path: catalogPath, output: output) }
        let old = previous?.sharded?.index
        let context = CatalogPublisher.publishContext(options)
        let lineContext = context + "; " + check.context
        let records = previous == nil ? [:] : state?.publishedPacks(output: output.path, context: context) ?? [:]
        let lastStamps = state?.packsAtLastPublish(output: output.path, context: context) ?? [:]
        var sources = zip(catalog.packFiles(), claims).map { file, claim in
            let stamp = check.packStamps[file] ?? ""
            let record = records[file].flatMap { record in
                record.context == lineContext && record.stamp == stamp && record.packId == claim.id
                    && writer.hasPackPage(claim.id)
                    && CatalogPublisher.publishedVersionExists(claim, output: output) ? record : nil
            }
            return Source(file: file, claim: claim, stamp: stamp, items: check.packItems[file] ?? 0, kept: record)
        }
        let packIDs = Set(claims.map(\.id))

        // The bins: a bin is rewritten when it holds a pack that is not kept or one that went.
        let packBins = ShardBins.forEntries(
            sources.reduce(0) { $0 + $1.items }, perShard: options.itemsPerShard,
            minimum: old?.packShards.count ?? 1)
        let musicBins = ShardBins.forEntries(
            catalog.music.count, perShard: ShardedLayout.musicPerShard, minimum: old?.musicShards.count ?? 1)
        let binsMatch = old?.packShards.count == packBins.count
        let sameBins = binsMatch && !records.isEmpty
        var dirty = Set(0..<packBins.count)
        if sameBins {
            dirty = Set(sources.filter { $0.kept == nil }.map { packBins.bin(of: $0.claim.id) })
            for record in records.values where !packIDs.contains(record.packId) {
                dirty.insert(packBins.bin(of: record.packId))
            }
        }
        let spoolFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundshelf-publish-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: spoolFolder) }
        // A few bins to rewrite wait in memory; more (a first publish, a regrown catalog) on disk.
        let spool = try ShardSpool(
            packBins: packBins, musicBins: musicBins, directory: sameBins && dirty.count <= 8 ? nil : spoolFolder)

        // The version before: the shards to rewrite (kept packs' lines go to the spool), all music.
        var earlier = EarlierPacks()
        if let old {
            let kept = Set(sources.compactMap { $0.kept?.packId })
            let bins = sameBins ? dirty.sorted() : Array(old.packShards.indices)
            for bin in bins { try earlier.read(old.packShards[bin], output: output, keeping: kept, into: spool) }
            // A kept pack whose line the shard it should be in does not hold is read like a changed one.
            for i in sources.indices {
                guard let id = sources[i].kept?.packId, !sameBins || dirty.contains(packBins.bin(of: id)),
                    spool.packDigests[id] == nil
                else { continue }
                sources[i].kept = nil
            }
            for shard in old.musicShards { try earlier.read(music: shard, output: output) }
        }
        let changedSources = sources.filter { $0.kept == nil }
        var rules = IdentityRules()
        if previous != nil {
            // Checked before anything is written: the packs that changed, against the version before.
            var identity = EarlierPacks.Check(earlier, packIDs: packIDs)
            identity.add(music: catalog.music)
            var compare: [String] = []
            for source in changedSources {
                let pack = try Self.load(source.file, report: check.report)
                identity.add(pack)
                if PackVersions.exists(pack, output), lastStamps[source.file] != source.stamp {
                    compare.append(source.file)
                }
            }
            rules = identity.finished()
            guard rules.problems.isEmpty else { throw PublishError.identity(rules.problems) }
            // A published version must have the same content (compared without writing).
            for file in compare {
                let pack = try Self.load(file, report: check.report)
                do {
                    guard
                        try PackBuilder.publishedVersionMatches(
                            pack, outputDirectory: output.path, settings: options.build)
                    else {
                        throw PackBuildError.alreadyPublished(packId: pack.id, version: pack.version, slug: pack.slug)
                    }
                } catch let error as PackBuildError {
                    throw PackVersions.publishError(error) { _ in pack.file }
                }
            }
        }

        // Each pack in order: a kept one gives its summary; another is read, built when new, and
        // becomes its line, its page and its summary.
        let pages = try CatalogPage(templatesDirectory: options.templatesDirectory)
        var parts = TopPageParts(music: SeedMaker.music(of: catalog))
        var fresh: [PublishedPackRecord] = []
        var built: [String] = []
        for (done, source) in sources.enumerated() {
            options.progress?("building packs", done, sources.count)
            if let kept = source.kept {
                parts.add(try JSONDecoder().decode(PackPageSummary.self, from: kept.summary))
                continue
            }
            let pack = try Self.load(source.file, report: check.report)
            if !PackVersions.exists(pack, output) {
                do {
                    let result = try PackBuilder.build(pack, outputDirectory: output.path, settings: options.build)
                    if result.written { built.append(pack.slug) }
                } catch let error as PackBuildError {
                    throw PackVersions.publishError(error) { _ in pack.file }
                }
            }
            let (entry, manifest) = try PackVersions.entry(
                of: pack, output: output, baseURL: catalog.baseURL,
                publishedManifest: earlier.manifests["\(pack.id)/\(pack.version)"])
            let seedPack = SeedMaker.pack(of: pack, manifest: manifest, baseURL: catalog.baseURL)
            try spool.add(ShardPack(pack: seedPack, manifest: entry.manifest, archive: entry.archive))
            let listing = PackListing(entry: entry, seedPack: seedPack)
            _ = try writer.writePackPage(
                listing, manifest: manifest, catalogTitle: catalog.title, pages: pages,
                packDigest: spool.packDigests[pack.id])
            let summary = PackPageSummary(listing: listing, manifest: manifest)
            parts.add(summary)
            fresh.append(
                PublishedPackRecord(
                    output: output.path, file: source.file, context: lineContext, stamp: source.stamp,
                    packId: pack.id, items: seedPack.items.count, summary: try JSONEncoder().encode(summary)))
        }
        for entry in SeedMaker.music(of: catalog) { try spool.add(entry) }

        let renew =
            options.renew || previousBytes.map { !(writer.signing?.isCurrent($0, output: output) ?? true) } ?? false
        func record() {
            state?.recordPublish(
                output: output.path, context: context, sources: check.sources, packs: check.packStamps,
                changed: fresh)
        }
        if let previous, let previousBytes, !renew,
            try Self.sameContent(
                spool, dirty: binsMatch ? dirty : nil, previous: previous, title: catalog.title,
                vocabularies: vocabularies, loudness: catalog.loudness)
        {
            // Nothing changed: rewrite nothing; only add a missing signature for the current catalog.json.
            let signature = try writer.ensureSignature(for: previousBytes)
            record()
            return PublishResult(
                catalogVersion: previous.version, changed: false,
                catalog: catalogPath,
                seed: output.appendingPathComponent(PublishLayout.localPath(of: previous.sharded!.document.index.url))
                    .path,
                signature: signature, packsBuilt: built, removedPacks: rules.removedPacks,
                removedItems: rules.removedItems)
        }
        let version = (previous?.version ?? 0) + 1
        let generatedAt = ISO8601.string(options.now)
        let expires = ISO8601.string(options.now.addingTimeInterval(Double(options.expiresInDays) * 86_400))
        let written = try ShardedPublish(writer: writer, keepVersions: max(options.keepVersions, 1)).write(
            spool,
            ShardedPublish.Version(
                catalogVersion: version, vocabularies: vocabularies, loudness: catalog.loudness,
                title: catalog.title, generatedAt: generatedAt, expires: expires, baseURL: catalog.baseURL),
            previous: previous, clean: binsMatch ? Set(0..<packBins.count).subtracting(dirty) : [])
        let signature = try writer.ensureSignature(for: written.documentBytes)
        let header = CatalogDocument(
            schemaVersion: 2, catalogVersion: version, generatedAt: generatedAt, title: catalog.title,
            expires: expires, seed: written.index, packs: [])
        try writer.removePages(keeping: packIDs)
        try writer.writeTopPage(pages.render(document: header, vocabularies: vocabularies, parts: parts))
        try writer.writeCatalog(written.documentBytes)
        record()
        return PublishResult(
            catalogVersion: version, changed: true, catalog: catalogPath,
            seed: output.appendingPathComponent(PublishLayout.localPath(of: written.index.url)).path,
            signature: signature, packsBuilt: built, removedPacks: rules.removedPacks,
            removedItems: rules.removedItems)
    }

    /// Whether the spooled version says what `previous` says: the same title, vocabularies and
    /// loudness targets, and the same lines in every bin that was spooled (`dirty`; nil: the
    /// binning changed, so it is not the same).
    private static func sameContent(
        _ spool: ShardSpool, dirty: Set<Int>?, previous: ShardedPublish.Previous, title: String,
        vocabularies: Vocabularies, loudness: LoudnessTargets?
    ) throws -> Bool {
        guard let dirty, let (document, index) = previous.sharded, document.title == title,
            index.vocabularies == vocabularies, index.loudness == loudness,
            index.musicShards.count == spool.musicBins.count
        else { return false }
        for bin in dirty where try spool.plainSHA256(.packs, bin: bin) != index.packShards[bin].plainSHA256 {
            return false
        }
        for bin in 0..<spool.musicBins.count
        where try spool.plainSHA256(.music, bin: bin) != index.musicShards[bin].plainSHA256 {
            return false
        }
        return true
    }

    /// The pack at `file`, read again (the checks passed).
    private static func load(_ file: String, report: DiagnosticReport) throws -> PackSource {
        guard let pack = PackSource.load(path: file).0 else { throw PublishError.invalid(report) }
        return pack
    }
}
