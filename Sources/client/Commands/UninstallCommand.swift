import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client uninstall PACK`: delete the pack's files and local rows; its items stay listed.
struct UninstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Delete a pack's audio files and local rows; its items stay listed (unavailable).")

    @Argument(help: "The pack's id or slug.") var pack: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try await PackOperation.run(library: library, pack: pack, verb: "removed", json: global.json) {
                try await $0.deletePack(PackReference($1))
            }
        }
    }
}
