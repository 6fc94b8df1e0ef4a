import ArgumentParser

/// `packer`: validate authoring files, scaffold packs, and build archive packs.
@main
struct Packer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate Soundshelf authoring files and build audio packs.",
        subcommands: [Validate.self, Init.self, Add.self, Build.self]
    )
}
