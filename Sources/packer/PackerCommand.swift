import ArgumentParser

/// `packer`: validate authoring files, scaffold packs, and build archive packs.
@main
struct PackerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "packer",
        abstract: "Validate Soundshelf authoring files and build audio packs.",
        subcommands: [ValidateCommand.self, InitCommand.self, AddCommand.self, BuildCommand.self]
    )
}
