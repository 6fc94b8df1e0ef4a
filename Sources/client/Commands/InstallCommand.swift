import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client install PACK [--per-asset]`: download, verify and install a pack (resuming a partial download).
struct InstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Download, verify and install a pack (PACK = id or slug); resumes a partial download.")

    @Argument(help: "The pack's id or slug.") var pack: String
    @Flag(name: .customLong("per-asset"), help: "Download asset by asset even when the pack has an archive.")
    var perAsset = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let perAsset = self.perAsset
            try await PackOperation.run(
                library: library, pack: pack, verb: "installed", json: global.json,
                catalog: global.catalogLocation
            ) {
                try await $0.startDownload(PackReference($1), perAsset: perAsset)
            }
        }
    }
}
