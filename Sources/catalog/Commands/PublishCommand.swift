import ArgumentParser
import CatalogPublisher
import CommandSupport
import Foundation

/// `catalog publish DIR [--source catalog] [--sign-key FILE] [--expires-in DAYS] [--renew] [--templates DIR]`.
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Build missing packs, then write the seed, catalog.json (last, atomically) and index.html into DIR."
    )

    @Argument(help: "The published folder, e.g. dist/.")
    var directory: String

    @Option(help: "The catalog source folder holding catalog.yaml.")
    var source = "catalog"

    @Option(help: "Ed25519 private key (from `catalog keygen`) to sign catalog.json with.")
    var signKey: String?

    @Option(help: "Days until the catalog expires.")
    var expiresIn = 180

    @Flag(help: "Write a new catalog.json (catalogVersion + 1, later expiry) even when nothing changed.")
    var renew = false

    @Option(
        help: ArgumentHelp(
            "A folder with a customised index.html.mustache (and the partials it uses); the built-in page is used when left out.",
            valueName: "dir"))
    var templates: String?

    @OptionGroup var validation: StrictOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard expiresIn > 0 else { throw ValidationError("--expires-in must be at least 1 day") }
    }

    func run() throws {
        var options = PublishOptions(output: directory, source: source)
        options.signKeyPath = signKey
        options.expiresInDays = expiresIn
        options.renew = renew
        options.strict = validation.strict
        options.build = .fromEnvironment()
        let result = try CommandRunner.run {
            options.templatesDirectory = try TemplateOverride.directory(
                option: templates, holding: CatalogPage.templateName)
            return try CatalogPublisher.publish(options)
        }
        if output.json {
            try Output.json(result)
            return
        }
        for slug in result.packsBuilt { Output.line("built pack \(slug)") }
        if !result.removedPacks.isEmpty { Output.line("removed packs: \(result.removedPacks.joined(separator: ", "))") }
        if !result.removedItems.isEmpty { Output.line("removed items: \(result.removedItems.joined(separator: ", "))") }
        Output.line(
            result.changed
                ? "published catalogVersion \(result.catalogVersion) → \(result.catalog)"
                : "unchanged: catalogVersion \(result.catalogVersion), nothing rewritten")
        if let sig = result.signature { Output.line("signature: \(sig)") }
    }
}
