import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient

/// `client storage [--json]`
struct StorageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "What the library takes on this device: database, index, staged downloads, each pack's audio.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary(forReading: true)
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
        }
    }
}
