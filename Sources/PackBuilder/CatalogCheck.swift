import BuildState
import CatalogModel
import Crypto
import Foundation

/// `packer validate catalog.yaml` and the checks of `catalog publish`, reading only the packs
/// whose files changed: each pack's checks and sound checks are kept in the build state
/// (``BuildStateStore``) with the stats of pack.yaml and every file it names; a pack whose stats
/// are unchanged is not read again, and its kept checks are replayed over the catalog-wide rules
/// (unique ids and slugs, the typo guard), so every problem is still reported with its file and line.
///
/// ```swift
/// let state = BuildStateStore.open(in: settings.cacheFolder)
/// let result = CatalogCheck.run(catalogAt: "catalog/catalog.yaml", settings: settings, state: state)
/// result.report.diagnostics   // what checking every file again would give
/// ```
package struct CatalogCheck {
    /// The catalog's checks (``CatalogValidator``'s diagnostics), not yet promoted by `--strict`.
    package var report: DiagnosticReport
    /// Each pack's sound checks (``SoundCheck``), in the packs' order.
    package var sound: [Diagnostic]
    /// The catalog and the packs that were read; nil when catalog.yaml could not be read.
    package var validated: ValidatedCatalog?
    /// How many packs were read, and how many were taken from the build state.
    package var packsRead = 0
    package var packsKept = 0
    /// ``FileStamp/digest`` of catalog.yaml and of every pack's files, in order: equal while no
    /// source file changed.
    package var sources = ""
    /// Each pack.yaml's stamp digest (pack.yaml and the files it names), by path.
    package var packStamps: [String: String] = [:]
    /// Every pack's id, slug and version, in order; nil when a pack could not be read.
    package var packs: [PackCheck.PackClaim]? = []
    /// Each pack.yaml's item count, by path.
    package var packItems: [String: Int] = [:]
    /// What the kept checks were made in (the tools' build, catalog.yaml's SHA-256); empty
    /// without a build state.
    package var context = ""

    /// Checks the catalog at `path`; with `sound`, each pack's audio is measured too (``SoundCheck``).
    /// With `readingAll`, every pack is parsed (a kept one is not checked again), so that
    /// ``validated`` holds the whole catalog; without `keepingPacks`, ``validated`` holds no pack (a
    /// publish that goes pack by pack reads each again when it needs it). `progress` hears each
    /// pack done, with the number of packs.
    package static func run(
        catalogAt path: String, settings: BuildSettings, state: BuildStateStore?, sound: Bool = true,
        readingAll: Bool = false, keepingPacks: Bool = true, progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) -> CatalogCheck {
        let context = state.map { _ in Self.context(catalogAt: path) } ?? ""
        if !readingAll, let state, let kept = unchanged(catalogAt: path, context: context, sound: sound, state: state) {
            return kept
        }
        var result = CatalogCheck(report: DiagnosticReport(), sound: [])
        result.context = context
        var digests = [FileStamp(paths: [path]).digest]
        var settled = true
        var total: Int?
        // The ids of every pack in about 16 bytes each, not their text and places.
        let ledger = CompactIdentityLedger()
        let (validated, report) = CatalogValidator.validate(catalogAt: path, strict: false, ledger: ledger) {
            file, catalog in
            if let progress {
                if total == nil { total = catalog.packFiles().count }
                progress(result.packsKept + result.packsRead, total ?? 0)
            }
            // The state knows a pack by its absolute path, whatever path reached it this time.
            let key = Self.key(file)
            if let state, let (kept, stamp) = state.currentPackCheck(path: key, context: context),
                let check = (try? JSONDecoder().decode(PackCheck.self, from: kept.check))?.relocated(to: file),
                let found = sound ? kept.sound.flatMap({ Self.decode($0) }) : []
            {
                result.packsKept += 1
                result.note(check)
                result.sound += found
                digests.append(stamp.digest)
                result.packStamps[file] = stamp.digest
                // Reading every pack (to write the catalog), a kept pack is parsed but not checked again.
                return (check, readingAll && keepingPacks ? PackSource.load(path: file).0 : nil)
            }
            // pack.yaml's stat from before it is read, its files' from before they are checked: a
            // write during the checks shows in the next run's stats.
            var stamp = FileStamp(paths: [file])
            let (pack, problems) = PackSource.load(path: file)
            let folder = (file as NSString).deletingLastPathComponent
            let inputs = pack.map(PackCheck.inputs(of:)) ?? []
            stamp.stats += FileStamp(paths: inputs.map { (folder as NSString).appendingPathComponent($0) }).stats
            let check = PackCheck.make(
                file: file, pack: pack, problems: problems, allowedLicenses: catalog.allowedLicenses)
            let found = sound ? pack.map { SoundCheck.diagnostics(for: $0, settings: settings) } ?? [] : []
            result.packsRead += 1
            result.note(check)
            result.sound += found
            digests.append(stamp.digest)
            result.packStamps[file] = stamp.digest
            settled = settled && stamp.isSettled
            if let state, let checkData = try? JSONEncoder().encode(check) {
                let soundData = sound ? Self.encode(found) : nil
                state.savePackCheck(
                    PackCheckRecord(
                        path: key, context: context, inputs: Data(inputs.joined(separator: "\n").utf8),
                        stamp: stamp.encoded, check: checkData, sound: soundData), stamp: stamp)
            }
            return (check, keepingPacks ? pack : nil)
        }
        result.report = report
        result.validated = validated
        result.sources = digests.joined(separator: " ")
        if settled, let state, let reportData = Self.encode(report.diagnostics) {
            state.saveCatalogRecord(
                CatalogRecord(
                    path: path, context: context, sources: result.sources, report: reportData,
                    sound: sound ? Self.encode(result.sound) : nil,
                    packs: result.packs.flatMap { try? JSONEncoder().encode($0) }))
        }
        return result
    }

    /// The last report of the catalog at `path` when neither catalog.yaml nor any pack's files
    /// changed since it was made (from stats alone, no pack's checks read); nil otherwise.
    package static func kept(catalogAt path: String, state: BuildStateStore, sound: Bool = true) -> CatalogCheck? {
        unchanged(catalogAt: path, context: context(catalogAt: path), sound: sound, state: state)
    }

    private static func unchanged(
        catalogAt path: String, context: String, sound: Bool, state: BuildStateStore
    ) -> CatalogCheck? {
        guard let catalog = CatalogSource.load(path: path).0 else { return nil }
        var digests = [FileStamp(paths: [path]).digest]
        for file in catalog.packFiles() {
            guard let stamp = state.currentPackStamp(path: key(file), context: context) else { return nil }
            digests.append(stamp.digest)
        }
        let sources = digests.joined(separator: " ")
        guard let record = state.currentCatalogRecord(path: path, context: context, sources: sources),
            let report = decode(record.report),
            let found = sound ? record.sound.flatMap(decode) : []
        else { return nil }
        var result = CatalogCheck(report: DiagnosticReport(report), sound: found)
        result.context = context
        result.packs = record.packList.flatMap { try? JSONDecoder().decode([PackCheck.PackClaim].self, from: $0) }
        result.packsKept = digests.count - 1
        result.sources = sources
        return result
    }

    /// A pack.yaml's key in the state: its absolute path, links resolved.
    static func key(_ file: String) -> String { URL(fileURLWithPath: file).resolvingSymlinksInPath().path }

    /// Diagnostics as the state keeps them (with their severities).
    static func encode(_ diagnostics: [Diagnostic]) -> Data? {
        try? JSONEncoder().encode(diagnostics.map(KeptDiagnostic.init))
    }

    static func decode(_ data: Data) -> [Diagnostic]? {
        (try? JSONDecoder().decode([KeptDiagnostic].self, from: data))?.map(\.diagnostic)
    }

    private mutating func note(_ check: PackCheck) {
        packItems[check.file] = check.itemCount
        if let pack = check.pack { packs?.append(pack) } else { packs = nil }
    }

    /// What a kept check depends on besides its pack's files: the tools' build and catalog.yaml's
    /// content (its license allow list shapes the checks).
    package static func context(catalogAt path: String) -> String {
        let catalog = FileManager.default.contents(atPath: path) ?? Data()
        return "\(ToolStamp.current) \(SHA256Digest.hex(of: catalog))"
    }
}
