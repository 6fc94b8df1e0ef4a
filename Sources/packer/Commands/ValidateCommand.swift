import ArgumentParser
import BuildState
import CatalogModel
import CommandSupport
import PackBuilder

/// `packer validate FILE…`: compiler-style diagnostics for any Soundshelf file.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Check pack.yaml, catalog.yaml (and its packs, with their audio measured), seed.json, manifest.json or catalog.json files."
    )

    @Argument(help: "Files to check; the kind of each is detected from its content.")
    var files: [String]

    @OptionGroup var validation: StrictOptions

    @OptionGroup var cache: CacheOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        var report = DiagnosticReport()
        let settings = BuildSettings.fromEnvironment()
        let state = cache.noCache ? nil : BuildStateStore.open(in: settings.cacheFolder)
        for file in files {
            if DocumentKind.of(fileAt: file) == .catalogYAML {
                // A catalog reads only the packs whose files changed since the build state saw them.
                let meter = CountMeter(enabled: !output.json)
                let check = CatalogCheck.run(
                    catalogAt: file, settings: settings, state: state, keepingPacks: false
                ) { done, total in
                    meter.update("checking packs", done: done, total: total)
                }
                meter.finish()
                report.append(
                    contentsOf: DiagnosticReport(check.report.diagnostics + check.sound).promotingWarnings(
                        validation.strict
                    ).diagnostics)
                continue
            }
            report.append(contentsOf: DocumentValidator.validate(fileAt: file, strict: validation.strict).diagnostics)
            // How each asset sounds (clipping, near silence, loop seams), as `packer build` measures it.
            report.append(
                contentsOf: SoundCheck.diagnostics(forDocumentAt: file, strict: validation.strict, settings: settings))
        }
        if output.json {
            try Output.json(ValidationOutput(errors: report.errors, warnings: report.warnings))
        } else {
            for d in report.diagnostics { Output.error(d.description) }
            Output.error(report.hasErrors ? "validation failed: \(report.summary)" : "ok: \(report.summary)")
        }
        if report.hasErrors { throw ExitCode(1) }
    }
}

struct ValidationOutput: Encodable {
    var errors: [Diagnostic]
    var warnings: [Diagnostic]
}
