import ArgumentParser
import CatalogPublisher
import CommandSupport
import Foundation

/// `catalog publish DIR [--source catalog] [--sign-key FILE]… [--signer CMD]… [--keys DIR] [--expires-in DAYS] [--renew] [--templates DIR]
/// [--schema-version 2] [--keep-versions 10]`.
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract:
            "Build missing packs, then write the index, shards and delta, catalog.json (last, atomically) and index.html into DIR."
    )

    @Argument(help: "The published folder, e.g. dist/.")
    var directory: String

    @Option(help: "The catalog source folder holding catalog.yaml.")
    var source = "catalog"

    @OptionGroup var signing: SignerOptions

    @Option(
        help: ArgumentHelp(
            "A keys folder (`catalog keys init`): publish its roots under root/ and sign with its catalog keys.",
            valueName: "dir"))
    var keys: String?

    @Option(help: "Days until the catalog expires.")
    var expiresIn = 180

    @Flag(help: "Write a new catalog.json (catalogVersion + 1, later expiry) even when nothing changed.")
    var renew = false

    @Option(
        help: ArgumentHelp(
            "A folder with a customised index.html.mustache (and the partials it uses); the built-in page is used when left out.",
            valueName: "dir"))
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "The catalog.json schema: 2 (a small catalog.json, content-addressed shards and deltas) or 1 (one seed, for clients that read only schema 1).",
            valueName: "n"))
    var schemaVersion = 2

    @Option(help: ArgumentHelp("How many recent versions a schema-2 catalog offers deltas from.", valueName: "n"))
    var keepVersions = 10

    @OptionGroup var validation: StrictOptions

    @OptionGroup var cache: CacheOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard expiresIn > 0 else { throw ValidationError("--expires-in must be at least 1 day") }
        guard schemaVersion == 1 || schemaVersion == 2 else { throw ValidationError("--schema-version is 1 or 2") }
        guard keepVersions >= 1 else { throw ValidationError("--keep-versions must be at least 1") }
    }

    func run() throws {
        var options = PublishOptions(output: directory, source: source)
        options.signKeyPaths = signing.signKeys
        options.signerCommands = signing.signers
        options.keysFolder = keys
        options.expiresInDays = expiresIn
        options.renew = renew
        options.schemaVersion = schemaVersion
        options.keepVersions = keepVersions
        options.strict = validation.strict
        options.usesBuildState = !cache.noCache
        let meter = CountMeter(enabled: !output.json)
        options.progress = { phase, done, total in meter.update(phase, done: done, total: total) }
        defer { meter.finish() }
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
