import ArgumentParser
import CatalogPublisher
import CommandSupport

/// `catalog keygen --out DIR`.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write DIR/catalog.key (private, 0600) and DIR/catalog.pub: one base64 line each (Ed25519)."
    )

    @Option(help: "Folder for the key files.")
    var out: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let (key, pub) = try CommandRunner.run { try CatalogKeys.generate(in: out) }
        if output.json {
            try Output.json(["privateKey": key, "publicKey": pub])
        } else {
            Output.line("private key: \(key) (keep it secret; pass it to `catalog publish --sign-key`)")
            Output.line("public key:  \(pub) (give it to clients: `client sync --trust-key`)")
        }
    }
}
