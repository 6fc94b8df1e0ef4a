import ArgumentParser

/// The `client` tool: thin commands over the LibraryClient library.
@main
struct ClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client",
        abstract: "Sync a published Soundshelf catalog and browse, search and facet its library.",
        discussion: """
            Global options (--root, --catalog, --json) go after the subcommand:
              client sync --catalog https://cdn.example.com/shelf/ --json
            """,
        subcommands: [
            SyncCommand.self, ListCommand.self, SearchCommand.self, ShowCommand.self,
            FacetsCommand.self, PacksCommand.self, MusicCommand.self, TracksCommand.self,
            InstallCommand.self, UninstallCommand.self, RepairCommand.self, OffloadCommand.self,
            FavoriteCommand.self, UnfavoriteCommand.self, FavoritesCommand.self, SceneCommand.self,
            ScenesCommand.self, GCCommand.self, ServeCommand.self,
            PlayCommand.self, PlaysCommand.self, HistoryCommand.self, ChartsCommand.self, StatsCommand.self,
            CreditsCommand.self, TrustCommand.self, StorageCommand.self,
        ]
    )
}
