import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient

/// `client storage [--budget SIZE|none] [--json]`
struct StorageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "What the library takes on this device: database, index, staged downloads, each pack's audio.")

    @Option(
        help: ArgumentHelp(
            "Set the audio budget (500MB, 2GB, 1.5GiB, bytes; `none` removes it): an install that would go "
                + "over it offloads the least recently played packs first.",
            valueName: "SIZE"))
    var budget: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let budget, budget.lowercased() != "none", ByteFormat.parse(budget) == nil {
            throw ValidationError(
                "--budget \(budget): not a size; write it as 500MB, 2GB, 1.5GiB, a number of bytes, or none")
        }
    }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary(forReading: budget == nil)
            if let budget {
                try await library.setAudioBudget(budget.lowercased() == "none" ? nil : ByteFormat.parse(budget))
            }
            let storage = try await library.storage()
            if global.json { return try JSONOutput.print(storage) }
            Output.table(
                ["PART", "SIZE"],
                [
                    ["database", Output.bytes(storage.database)], ["index", Output.bytes(storage.index)],
                    ["staging", Output.bytes(storage.staging)],
                    ["audio", Output.bytes(storage.packs.reduce(0) { $0 + $1.bytes })],
                    ["total", Output.bytes(storage.total)],
                ])
            if !storage.packs.isEmpty {
                Output.line()
                Output.table(
                    ["PACK", "FILES", "SIZE", "LAST PLAYED"],
                    storage.packs.map {
                        [$0.slug ?? $0.packId, "\($0.files)", Output.bytes($0.bytes), $0.lastPlayedAt ?? "never"]
                    })
            }
            if let free = storage.free { Output.line("\nfree on this disk: \(Output.bytes(free))") }
            if let budget = storage.audioBudget {
                let audio = storage.packs.reduce(Int64(0)) { $0 + $1.bytes }
                Output.line("audio budget: \(Output.bytes(budget)) (\(Output.bytes(audio)) used)")
            }
        }
    }
}
