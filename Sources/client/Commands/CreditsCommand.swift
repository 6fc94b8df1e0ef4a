import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client credits [--installed]`: every credited item grouped by license — the attribution text
/// an app shows on its credits screen.
struct CreditsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credits",
        abstract: "List who to credit for the sounds, grouped by license (the text of a credits screen).")

    @Flag(help: "Only the items whose audio is installed.") var installed = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let sections = try await library.items.fetchCredits(installedOnly: installed)
            if global.json { return try JSONOutput.print(CreditsJSON(sections)) }
            FileHandle.standardOutput.write(Data(CreditsText.render(sections).utf8))
        }
    }
}
