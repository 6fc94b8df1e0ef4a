import ArgumentParser
import CatalogModel
import CommandSupport
import PackBuilder

/// `packer build pack.yaml [--out DIR]`.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a pack: manifest.json, pack.tar and assets/ under DIR/packs/<packId>/<version>/."
    )

    @Argument(help: "The pack.yaml to build.")
    var pack: String

    @Option(help: "The output folder.")
    var out = "dist"

    @OptionGroup var validation: StrictOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let meter = ProgressMeter(label: "building", enabled: !output.json && Output.isTerminal)
        let result = try CommandRunner.run {
            try PackBuilder.build(
                packAt: pack, outputDirectory: out, strict: validation.strict, settings: .fromEnvironment()
            ) { p in
                meter.update(done: p.bytesDone, total: p.bytesTotal, detail: "file \(p.filesDone)/\(p.filesTotal)")
            }
        }
        meter.finish()
        for warning in result.warnings { Output.error(warning.description) }
        if output.json {
            try Output.json(result)
        } else {
            let what = result.written ? "built" : "unchanged (already published)"
            Output.line(
                "\(what): pack \(result.packId) version \(result.version), \(result.assets) assets, \(ByteFormat.string(result.totalBytes))"
            )
            Output.line("  \(result.manifest)")
            Output.line("  \(result.archive)")
        }
    }
}
