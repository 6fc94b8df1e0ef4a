import ArgumentParser
import CatalogPublisher
import CommandSupport
import Foundation

/// `catalog prune DIR [--keep-versions N] [--dry-run] [--json]`.
struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove the files of a schema-2 catalog that no version in the window refers to.")

    @Argument(help: "The published folder, e.g. dist/.")
    var directory: String

    @Option(help: ArgumentHelp("How many versions (the current one included) keep their files.", valueName: "n"))
    var keepVersions = 10

    @Flag(help: "List what would be removed; remove nothing.")
    var dryRun = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard keepVersions >= 1 else { throw ValidationError("--keep-versions must be at least 1") }
    }

    func run() throws {
        let result = try CommandRunner.run {
            try CatalogPruner.prune(output: directory, keepVersions: keepVersions, dryRun: dryRun)
        }
        if output.json {
            try Output.json(result)
            return
        }
        for path in result.removed { Output.line((dryRun ? "would remove " : "removed ") + path) }
        Output.line(
            "\(dryRun ? "would remove" : "removed") \(result.removed.count) files and folders (\(result.bytes) bytes); versions kept: \(result.keptVersions.map(String.init).joined(separator: ", "))"
        )
    }
}
