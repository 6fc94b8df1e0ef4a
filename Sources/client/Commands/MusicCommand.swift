import ArgumentParser
import CommandSupport
import LibraryClient

/// `client music` (lists entries), `client music refresh`, `client music tracks`
struct MusicCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "music",
        abstract: "Music entries with their Apple Music (and Spotify) playlist ids, and their tracks.",
        subcommands: [MusicListCommand.self, MusicRefreshCommand.self, MusicTracksCommand.self],
        defaultSubcommand: MusicListCommand.self)
}
