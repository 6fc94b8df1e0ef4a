import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client offload PACK`: remove a pack's audio to save space; its items stay listed as offloaded.
struct OffloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offload",
        abstract: "Remove a pack's audio to save space; its items stay listed (offloaded); an install brings it back.")

    @Argument(help: "The pack's id or slug.") var pack: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            try await PackOperation.run(library: library, pack: pack, verb: "offloaded", json: global.json) {
                try await $0.offloadPack(PackReference($1))
            }
        }
    }
}
