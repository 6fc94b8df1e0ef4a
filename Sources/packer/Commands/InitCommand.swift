import ArgumentParser
import CatalogModel
import CommandSupport
import Foundation
import PackBuilder

/// `packer init DIR --kind sfx --title "…" [--templates DIR]`: a new pack folder from the
/// built-in pack.yaml template, or from a customised one.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create DIR/pack.yaml with a fresh id and a slug from the title.")

    @Argument(help: "The pack folder to create.")
    var directory: String

    @Option(help: "atmosphere or sfx.")
    var kind: String

    @Option(help: "The pack's title.")
    var title: String

    @Option(help: "The slug ([a-z0-9-]+); made from the title when left out.")
    var slug: String?

    @Option(
        help: ArgumentHelp(
            "A folder with a customised pack.yaml template; the built-in one is used when left out.",
            valueName: "dir"))
    var templates: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard let k = Kind(rawValue: kind.lowercased()), k.isPackKind else {
            throw ValidationError("--kind must be atmosphere or sfx, not '\(kind)'")
        }
    }

    func run() throws {
        let made = try CommandRunner.run {
            var template = BuiltInPackTemplate.text
            var templateDirectory: String?
            if let folder = try TemplateOverride.directory(option: templates, holding: BuiltInPackTemplate.fileName) {
                let path = (folder as NSString).appendingPathComponent(BuiltInPackTemplate.fileName)
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw AuthoringError(file: path, message: "cannot be read; check its permissions")
                }
                template = String(decoding: data, as: UTF8.self)
                templateDirectory = folder
            }
            if templateDirectory == nil {
                (template, templateDirectory) = SchemaLink.link(template, forPackIn: directory)
            }
            return try PackScaffold.create(
                in: directory, kind: Kind(rawValue: kind.lowercased())!, title: title,
                slug: slug, template: template, templateDirectory: templateDirectory)
        }
        if output.json {
            try Output.json(made)
        } else {
            Output.line("created \(made.path) (\(made.kind.rawValue) pack '\(made.slug)', id \(made.id))")
            Output.line("next: packer add \(made.path) <audio files…>")
        }
    }
}
