import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client repair PACK`: re-verify installed files and fetch only what is missing or wrong.
struct RepairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Re-verify a pack's installed files; resume or re-fetch what is missing or wrong.")

    @Argument(help: "The pack's id or slug.") var pack: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try await PackOperation.run(
                library: library, pack: pack, verb: "repaired", json: global.json,
                catalog: global.catalogLocation
            ) {
                try await $0.repairOrResume(PackReference($1))
            }
        }
    }
}
