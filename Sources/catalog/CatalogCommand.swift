import ArgumentParser

/// `catalog`: publish a static catalog folder, push it, prune old versions, make signing keys, verify it.
@main
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Publish and verify a static Soundshelf catalog that any web host or CDN can serve.",
        subcommands: [
            PublishCommand.self, PushCommand.self, PruneCommand.self, KeygenCommand.self, KeysCommand.self,
            VerifyCommand.self,
        ]
    )
}
