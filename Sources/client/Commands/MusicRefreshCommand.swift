import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client music refresh [ENTRY...] [--source apple-music|spotify] [--force]`
struct MusicRefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh the track cache from Apple Music and Spotify (tokens from the environment).",
        discussion: """
            Tokens: SOUNDSHELF_APPLE_MUSIC_TOKEN, SOUNDSHELF_SPOTIFY_TOKEN; a service without one is skipped.
            Addresses: SOUNDSHELF_APPLE_MUSIC_API, SOUNDSHELF_SPOTIFY_API; storefront: SOUNDSHELF_APPLE_MUSIC_STOREFRONT.
            """)

    @Argument(help: "Music entries (id or exact title); default: every entry.") var entries: [String] = []
    @Option(help: "apple-music or spotify (default: both).") var source: MusicService?
    @Flag(help: "Refresh playlists refreshed in the last 5 minutes too.") var force = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        var failed = false
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let clients = MusicConnections.clients(MusicService.environmentAccesses)
            let result = try await library.music.refresh(
                MusicRefreshOptions(entries: entries, source: source, force: force),
                clients: clients)
            failed = result.hasFailures
            if global.json { return try JSONOutput.print(result) }
            Output.table(
                ["SOURCE", "STATUS", "PLAYLISTS", "TRACKS"],
                result.sources.map {
                    [$0.source.rawValue, $0.status.rawValue, "\($0.playlists)", "\($0.tracks)"]
                })
            Output.line("merged by ISRC: \(result.merged)")
            for source in result.sources {
                for error in source.errors {
                    let advice = source.failures.first { $0.description == error }?.commandAdvice
                    FileHandle.standardError.write(
                        Data("client: error: \(error)\(advice.map { "; \($0)" } ?? "")\n".utf8))
                }
            }
        }
        if failed { throw ExitCode.failure }
    }
}
