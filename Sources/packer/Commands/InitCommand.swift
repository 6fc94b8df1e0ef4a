import ArgumentParser
import CatalogModel
import CommandSupport
import Foundation
import PackBuilder

/// `packer init DIR --kind sfx --title "…"`: a new pack folder from templates/pack.yaml.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create DIR/pack.yaml with a fresh id and a slug from the title.")

    @Argument(help: "The pack folder to create.")
    var directory: String

    @Option(help: "atmosphere or sfx.")
    var kind: String

    @Option(help: "The pack's title.")
    var title: String

    @Option(help: "The slug ([a-z0-9-]+); made from the title when left out.")
    var slug: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard let k = Kind(rawValue: kind.lowercased()), k.isPackKind else {
            throw ValidationError("--kind must be atmosphere or sfx, not '\(kind)'")
        }
    }

    func run() throws {
        let made = try CommandRunner.run {
            guard let templatePath = TemplateLocator.find("pack.yaml"),
                  let template = FileManager.default.contents(atPath: templatePath) else {
                throw AuthoringError(file: "templates/pack.yaml", message: "not found; run packer from the Soundshelf folder or set SOUNDSHELF_TEMPLATES")
            }
            return try PackScaffold.create(in: directory, kind: Kind(rawValue: kind.lowercased())!, title: title,
                                           slug: slug, template: String(decoding: template, as: UTF8.self),
                                           templateDirectory: (templatePath as NSString).deletingLastPathComponent)
        }
        if output.json { try Output.json(made) } else {
            Output.line("created \(made.path) (\(made.kind.rawValue) pack '\(made.slug)', id \(made.id))")
            Output.line("next: packer add \(made.path) <audio files…>")
        }
    }
}
