import ArgumentParser
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client music tracks ENTRY`
struct MusicTracksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracks",
        abstract: "The cached tracks of one music entry: Apple Music order, then Spotify-only tracks.")

    @Argument(help: "The music entry (id or exact title).") var entry: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let (entry, tracks) = try await library.music.fetchTracks(entryID: entry)
            if global.json { return try JSONOutput.print(EntryTracksJSON(entry: entry.id, tracks: tracks)) }
            TrackTable.print(tracks)
        }
    }
}
