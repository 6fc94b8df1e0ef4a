import Foundation

/// The rules on one pack beyond its form: ids unique inside it, item files present, regular,
/// inside the pack folder and readable audio that agrees with what the author declared
/// (``AudioRules``), artwork present, and the tag typo guard.
///
/// ```swift
/// var tags = TagGuard(initial: catalog.vocabularies)
/// let problems = PackValidator.validate(pack, tags: &tags)
/// ```
public enum PackValidator {
    public static func validate(_ pack: PackSource, tags: inout TagGuard, checkIds: Bool = true) -> [Diagnostic] {
        var steps = self.steps(pack)
        if checkIds { steps.insert(contentsOf: PackCheck.claims(of: pack), at: 1) }
        var ids = IdentityRegistry()
        var report = DiagnosticReport()
        PackCheck(file: pack.file, steps: steps, inputs: []).replay(tags: &tags, ids: &ids, into: &report)
        return report.diagnostics
    }

    /// The rules' steps for `pack`, in order: its own problems as diagnostics, its tags (the
    /// pack's first, then each item's after its files) for the catalog's typo guard.
    package static func steps(_ pack: PackSource) -> [PackCheck.Step] {
        var steps: [PackCheck.Step] = [
            .tags(TagUse(pack.tags, kind: pack.kind, file: pack.file, path: "tags", locations: pack.locations))
        ]
        func add(_ severity: Diagnostic.Severity, _ message: String, _ path: String) {
            let at = pack.locations[path]
            steps.append(
                .diagnostic(
                    KeptDiagnostic(
                        Diagnostic(severity, message, file: pack.file, line: at?.line, column: at?.column, path: path)))
            )
        }
        for (i, item) in pack.items.enumerated() {
            let path = pack.itemPath(i)
            for take in item.takes {
                let field = item.takes.count > 1 ? "\(path).files[\(take.take)]" : "\(path).file"
                if let problem = FileRules.check(take.file, in: pack.directory) {
                    let named = item.takes.count > 1 ? "item '\(item.title)' (\(item.id)), take \(take.take): " : ""
                    add(.error, named + problem, field)
                } else {
                    steps += AudioRules.check(pack, item: i, take: take.take).1.map { .diagnostic(KeptDiagnostic($0)) }
                }
            }
            steps.append(
                .tags(
                    TagUse(item.tags, kind: pack.kind, file: pack.file, path: "\(path).tags", locations: pack.locations)
                ))
        }
        steps += (LicenseRules.check(pack) + UCSRules.check(pack)).map { .diagnostic(KeptDiagnostic($0)) }
        if let artwork = pack.artwork, !artwork.hasPrefix("https://") {
            if let problem = FileRules.check(artwork, in: pack.directory) {
                add(.error, "artwork: " + problem, "artwork")
            }
        }
        return steps
    }
}

extension PackValidator {
    /// Checks one pack.yaml on its own. When the pack sits in the packs folder of a catalog
    /// (a `catalog.yaml` up to three folders above), that catalog's vocabularies feed the
    /// typo guard and its ids (music entries, the other packs, their items and assets) may not
    /// be reused; otherwise only the pack's own names and ids are compared.
    public static func validate(packAt path: String, strict: Bool = false) -> (PackSource?, DiagnosticReport) {
        var report = DiagnosticReport()
        let (pack, problems) = PackSource.load(path: path)
        report.append(contentsOf: problems)
        guard let pack else { return (nil, report.promotingWarnings(strict)) }
        let catalog = enclosingCatalog(of: pack)
        var ids = IdentityRegistry()
        if let catalog { claimIDs(of: catalog, besides: pack, in: &ids) }
        ids.claimPack(pack, into: &report)
        var tags = TagGuard(initial: catalog?.vocabularies ?? [:])
        report.append(contentsOf: validate(pack, tags: &tags, checkIds: false))
        return (pack, report.promotingWarnings(strict))
    }

    /// Claims the ids of the catalog's music entries and of its other packs; their own
    /// problems are not this pack's and are left to `packer validate catalog.yaml`.
    private static func claimIDs(of catalog: CatalogSource, besides pack: PackSource, in ids: inout IdentityRegistry) {
        var ignored = DiagnosticReport()
        ids.claimMusic(of: catalog, into: &ignored)
        let this = URL(fileURLWithPath: pack.file).resolvingSymlinksInPath().path
        for file in catalog.packFiles() where URL(fileURLWithPath: file).resolvingSymlinksInPath().path != this {
            if let other = PackSource.load(path: file).0 { ids.claimPack(other, into: &ignored) }
        }
    }

    package static func enclosingCatalog(of pack: PackSource) -> CatalogSource? {
        var folder = pack.directory
        for _ in 0..<3 {
            folder = folder.deletingLastPathComponent()
            let candidate = folder.appendingPathComponent("catalog.yaml").path
            guard FileManager.default.fileExists(atPath: candidate) else { continue }
            let (catalog, _) = CatalogSource.load(path: candidate)
            if let catalog, pack.directory.path.hasPrefix(catalog.packsDirectory.path) { return catalog }
        }
        return nil
    }
}
