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
        var report = DiagnosticReport()
        let (loaded, problems) = CatalogSource.load(path: path)
        report.append(contentsOf: problems)
        guard let catalog = loaded else { return (nil, report.promotingWarnings(strict)) }

        var tags = TagGuard(initial: catalog.vocabularies)
        var ids = IdentityRegistry()
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
            let (pack, problems) = PackSource.load(path: file)
            report.append(contentsOf: problems)
            guard let pack else { continue }
            report.append(contentsOf: PackValidator.validate(pack, tags: &tags, checkIds: false))
            ids.claimPack(pack, into: &report)
            if let allowed = catalog.allowedLicenses {
                report.append(contentsOf: LicenseRules.checkAllowed(pack, allowed: allowed))
            }
            packs.append(pack)
        }
        let validated = ValidatedCatalog(catalog: catalog, packs: packs, vocabularies: tags.names)
        return (validated, report.promotingWarnings(strict))
    }
}
