import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client gc [--dry-run]` → `{"files", "bytes", "dryRun"}`: removes files under AudioAssets/ that no
/// `local_asset` row references, folders left empty, and leftovers of installs that are not running.
struct GCCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc", abstract: "Remove orphaned audio files, empty folders and leftovers of interrupted installs."
    )

    @Flag(name: .long, help: "Only count what would be removed.") var dryRun = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let result = try await library.collectGarbage(dryRun: dryRun)
            if global.json {
                return try JSONOutput.print(GarbageJSON(result))
            }
            Output.line(
                "\(dryRun ? "would remove" : "removed") \(result.files) file\(result.files == 1 ? "" : "s"), "
                    + Output.bytes(result.bytes))
            for pack in result.skippedPacks { Output.line("left alone: pack \(pack) (its install is running)") }
        }
    }
}
