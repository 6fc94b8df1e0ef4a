import Foundation

/// Reads catalog.yaml and every pack it points to, and checks them together: form, the tag
/// typo guard, files, and uniqueness across the whole catalog (ids of packs, items, music
/// and assets; slugs; Apple Music playlist ids).
///
/// ```swift
/// let (catalog, report) = CatalogValidator.validate(catalogAt: "catalog/catalog.yaml")
/// if report.hasErrors { print(report) }
/// ```
public enum CatalogValidator {
    public static func validate(catalogAt path: String, strict: Bool = false) -> (ValidatedCatalog?, DiagnosticReport) {
        validate(catalogAt: path, strict: strict) { file, catalog in
            PackCheck.load(path: file, allowedLicenses: catalog.allowedLicenses)
        }
    }

    /// ``validate(catalogAt:strict:)`` with each pack's check from `checkPack(file, catalog)`: read
    /// from the file, with the parsed pack, or kept from an earlier run, without it. The
    /// catalog-wide rules (the typo guard, unique ids and slugs) run over the checks in order, so
    /// the report is the same either way; the result's `packs` holds the packs that were read.
    /// The ids met go to `ledger` (a large catalog's, on disk).
    package static func validate(
        catalogAt path: String, strict: Bool, ledger: any IdentityLedger = MemoryIdentityLedger(),
        checkPack: (String, CatalogSource) -> (check: PackCheck, pack: PackSource?)
    ) -> (ValidatedCatalog?, DiagnosticReport) {
        var report = DiagnosticReport()
        let (loaded, problems) = CatalogSource.load(path: path)
        report.append(contentsOf: problems)
        guard let catalog = loaded else { return (nil, report.promotingWarnings(strict)) }

        var tags = TagGuard(initial: catalog.vocabularies)
        var ids = IdentityRegistry(ledger: ledger)
        for entry in catalog.music {
            report.append(
                contentsOf: tags.check(
                    entry.tags, kind: .music, file: catalog.file,
                    path: "\(entry.path).tags", locations: catalog.locations))
        }
        ids.claimMusic(of: catalog, into: &report)

        let packFiles = catalog.packFiles()
        if packFiles.isEmpty && FileManager.default.fileExists(atPath: catalog.packsDirectory.path) == false {
            let at = catalog.locations["packs"]
            report.append(
                Diagnostic(
                    .error, "packs folder '\(catalog.packsFolder)' does not exist; create it or fix 'packs'",
                    file: catalog.file, line: at?.line, column: at?.column, path: "packs"))
        }
        var packs: [PackSource] = []
        for file in packFiles {
            let (check, pack) = checkPack(file, catalog)
            check.replay(tags: &tags, ids: &ids, into: &report)
            if let pack { packs.append(pack) }
        }
        let validated = ValidatedCatalog(catalog: catalog, packs: packs, vocabularies: tags.names)
        return (validated, report.promotingWarnings(strict))
    }
}
