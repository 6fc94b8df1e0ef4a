import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client music [list]`
struct MusicListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Music entries with their playlist ids.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let entries = try await library.music.fetchMusicEntries()
            if global.json { return try JSONOutput.print(MusicEntriesJSON(entries)) }
            Output.table(
                ["ID", "TITLE", "APPLE MUSIC", "SPOTIFY"],
                entries.map { [$0.id, $0.title, $0.appleMusicPlaylistID, $0.spotifyPlaylistID ?? "-"] })
        }
    }
}
