import ArgumentParser

/// `catalog`: publish a static catalog folder, make signing keys, verify a published catalog.
@main
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Publish and verify a static Soundshelf catalog that any web host or CDN can serve.",
        subcommands: [PublishCommand.self, PushCommand.self, KeygenCommand.self, VerifyCommand.self]
    )
}
