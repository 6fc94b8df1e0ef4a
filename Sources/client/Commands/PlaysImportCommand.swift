import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client plays import FILE [--force]`: counts above each target's last imported one become plays.
struct PlaysImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import {\"capturedAt\", \"songs\": [{\"target\", \"playCount\"}]}; new counts become plays.",
        discussion: "A run less than 5 minutes after the previous one is skipped unless --force.")

    @Argument(help: "The play-count JSON file.") var file: String
    @Flag(help: "Import even when the previous run was less than 5 minutes ago.") var force = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
                throw ListeningError.unreadableImportFile(file: file, reason: error.localizedDescription)
            }
            let counts = try PlayCountFile(data: data, name: file)
            let library = try await global.openSyncedLibrary()
            let summary = try await library.playImports.importCounts(counts, name: file, force: force)
            if global.json { return try JSONOutput.print(summary) }
            if summary.skipped {
                return Output.line(
                    "skipped: the previous import was less than 5 minutes ago (use --force to import now)")
            }
            Output.line("imported \(summary.created) plays (\(summary.estimated) estimated)")
        }
    }
}
