import ArgumentParser
import CatalogPublisher
import CommandSupport
import Foundation

/// `catalog keys init|rotate|revoke|show`: the catalog's root of trust.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Make and change the catalog's root of trust: offline root keys, online catalog keys, root/N.json.",
        subcommands: [KeysInitCommand.self, KeysRotateCommand.self, KeysRevokeCommand.self, KeysShowCommand.self])
}

/// The flags every command that signs a root shares.
struct RootSigningOptions: ParsableArguments {
    @OptionGroup var keys: SignerOptions

    @Option(help: ArgumentHelp("Days until the new root expires.", valueName: "days"))
    var expiresIn = 365
}

/// Prints a written root.
enum KeyringPrinter {
    static func print(_ result: KeyringResult, json: Bool) throws {
        if json { return try Output.json(result) }
        Output.line("root version \(result.version) → \(result.root) (expires \(result.expires))")
        Output.line("  root keys (\(result.rootThreshold) of \(result.rootKeys.count)): \(short(result.rootKeys))")
        Output.line(
            "  catalog keys (\(result.catalogThreshold) of \(result.catalogKeys.count)): \(short(result.catalogKeys))")
        Output.line("  signed by: \(short(result.signedBy))")
        for file in result.keyFiles { Output.line("  wrote \(file)") }
    }

    static func short(_ ids: [String]) -> String { ids.map { String($0.prefix(16)) }.joined(separator: ", ") }
}

/// `catalog keys init --out DIR [--root-keys 3] [--threshold 2] [--catalog-keys 1] [--catalog-threshold 1]`.
struct KeysInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Write root keys, a catalog key and root version 1 (root/1.json) into DIR.")

    @Option(help: ArgumentHelp("The keys folder to create.", valueName: "dir")) var out: String
    @Option(help: "Root keys to generate.") var rootKeys = 3
    @Option(help: "How many root keys must sign the next root.") var threshold = 2
    @Option(help: "Catalog keys to generate.") var catalogKeys = 1
    @Option(help: "How many catalog keys must sign catalog.json.") var catalogThreshold = 1
    @Option(
        name: .customLong("root-pub"),
        help: ArgumentHelp("A root key held elsewhere: its public key file (repeatable).", valueName: "file"))
    var rootPublicKeys: [String] = []
    @OptionGroup var signing: RootSigningOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        var options = KeyringInit(folder: out)
        options.rootKeys = rootKeys
        options.rootThreshold = threshold
        options.catalogKeys = catalogKeys
        options.catalogThreshold = catalogThreshold
        options.rootPublicKeys = rootPublicKeys
        options.signers = signing.keys.signers
        options.expiresInDays = signing.expiresIn
        let result = try CommandRunner.run { try CatalogKeyring.initialize(options) }
        try KeyringPrinter.print(result, json: output.json)
        if !output.json {
            Output.line("next: move the root-*.key files offline; publish with `catalog publish DIST --keys \(out)`")
        }
    }
}

/// The changes `rotate` and `revoke` share.
struct RotationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The keys folder (holding root/N.json); or give it as the last argument.", valueName: "dir"))
    var keys: String?
    @Option(help: "Replace every root key by this many new ones.") var newRootKeys: Int?
    @Option(help: "Replace every catalog key by this many new ones.") var newCatalogKeys: Int?
    @Option(help: ArgumentHelp("Add this public key to the root role (repeatable).", valueName: "file"))
    var addRootKey: [String] = []
    @Option(help: ArgumentHelp("Add this public key to the catalog role (repeatable).", valueName: "file"))
    var addCatalogKey: [String] = []
    @Option(help: "The root role's new threshold.") var rootThreshold: Int?
    @Option(help: "The catalog role's new threshold.") var catalogThreshold: Int?
    @OptionGroup var signing: RootSigningOptions

    /// The keys folder: `--keys DIR`, else the positional one.
    func folder(_ positional: String?) throws -> String {
        guard let folder = keys ?? positional else {
            throw ValidationError("name the keys folder: --keys DIR (or as the last argument)")
        }
        return folder
    }

    func rotation(folder: String, revoking: [String] = []) -> KeyringRotation {
        var options = KeyringRotation(folder: folder)
        options.newRootKeys = newRootKeys
        options.newCatalogKeys = newCatalogKeys
        options.addRootKeys = addRootKey
        options.addCatalogKeys = addCatalogKey
        options.rootThreshold = rootThreshold
        options.catalogThreshold = catalogThreshold
        options.revoke = revoking
        options.signKeys = signing.keys.signKeys
        options.signers = signing.keys.signers
        options.expiresInDays = signing.expiresIn
        return options
    }

    /// Writes the next root with these changes (and `revoking` taken out) and prints it.
    func run(folder positional: String?, revoking: [String] = [], json: Bool) throws {
        let options = rotation(folder: try folder(positional), revoking: revoking)
        try KeyringPrinter.print(try CommandRunner.run { try CatalogKeyring.rotate(options) }, json: json)
    }
}

/// `catalog keys rotate [DIR] [--keys DIR] [--new-catalog-keys N] [--new-root-keys N] [--root-threshold T] …`.
struct KeysRotateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract:
            "Write root N+1 with new keys or thresholds, signed by a threshold of root N's root keys and of its own."
    )

    @Argument(help: "The keys folder (or --keys DIR).") var directory: String?
    @OptionGroup var change: RotationOptions
    @OptionGroup var output: OutputOptions

    func validate() throws { _ = try change.folder(directory) }

    func run() throws { try change.run(folder: directory, json: output.json) }
}

/// `catalog keys revoke KEYID [DIR] [--keys DIR]`.
struct KeysRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Write root N+1 without KEYID (a full key id or 8+ hex digits of it).")

    @Argument(help: "The key id to revoke.") var keyid: String
    @Argument(help: "The keys folder (or --keys DIR).") var directory: String?
    @OptionGroup var change: RotationOptions
    @OptionGroup var output: OutputOptions

    func validate() throws { _ = try change.folder(directory) }

    func run() throws { try change.run(folder: directory, revoking: [keyid], json: output.json) }
}

/// `catalog keys show DIR`.
struct KeysShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Check and print the root chain of a keys folder or a published catalog.")

    @Argument(help: "A keys folder or a published catalog folder.") var directory: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        let chain = try CommandRunner.run { try CatalogKeyring.show(folder: directory) }
        if output.json { return try Output.json(chain) }
        for root in chain {
            Output.line("root version \(root.version): expires \(root.expires)\(root.expired ? " (expired)" : "")")
            let roles = root.roles
            Output.line(
                "  root keys (\(roles.root.threshold) of \(roles.root.keyids.count)): \(short(roles.root.keyids))")
            Output.line(
                "  catalog keys (\(roles.catalog.threshold) of \(roles.catalog.keyids.count)): \(short(roles.catalog.keyids))"
            )
            Output.line("  signed by: \(short(root.signedBy))")
            if !root.privateKeysHere.isEmpty { Output.line("  private keys here: \(short(root.privateKeysHere))") }
        }
        Output.line(
            "chain checked: \(chain.count) root\(chain.count == 1 ? "" : "s"), newest version \(chain.last?.version ?? 0)"
        )
    }

    private func short(_ ids: [String]) -> String { KeyringPrinter.short(ids) }
}
