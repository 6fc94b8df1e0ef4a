import ArgumentParser
import CommandSupport
import LibraryClient

/// `client music [list]`
struct MusicListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Music entries with their playlist ids.")

    @OptionGroup var global: GlobalOptions

    struct Entry: Encodable {
        let id, title, appleMusicPlaylistId: String
        let spotifyPlaylistId: String?

        enum CodingKeys: String, CodingKey { case id, title, appleMusicPlaylistId, spotifyPlaylistId }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(appleMusicPlaylistId, forKey: .appleMusicPlaylistId)
            try c.encode(spotifyPlaylistId, forKey: .spotifyPlaylistId)
        }
    }
    struct JSON: Encodable { let items: [Entry] }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let entries = try await library.music.fetchMusicEntries()
            if global.json {
                return try Output.json(
                    JSON(
                        items: entries.map {
                            Entry(
                                id: $0.id, title: $0.title, appleMusicPlaylistId: $0.appleMusicPlaylistID,
                                spotifyPlaylistId: $0.spotifyPlaylistID)
                        }))
            }
            Output.table(
                ["ID", "TITLE", "APPLE MUSIC", "SPOTIFY"],
                entries.map { [$0.id, $0.title, $0.appleMusicPlaylistID, $0.spotifyPlaylistID ?? "-"] })
        }
    }
}
