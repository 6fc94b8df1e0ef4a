import ArgumentParser
import CommandSupport
import LibraryClient

/// `client music tracks ENTRY`
struct MusicTracksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracks",
        abstract: "The cached tracks of one music entry: Apple Music order, then Spotify-only tracks.")

    @Argument(help: "The music entry (id or exact title).") var entry: String
    @OptionGroup var global: GlobalOptions

    struct JSON: Encodable {
        let entry: String
        let tracks: [TrackJSON]
    }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let (entry, tracks) = try await library.music.fetchTracks(entryID: entry)
            if global.json { return try Output.json(JSON(entry: entry.id, tracks: tracks.map(TrackJSON.init))) }
            TrackJSON.table(tracks)
        }
    }
}
