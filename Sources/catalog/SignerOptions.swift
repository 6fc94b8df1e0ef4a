import ArgumentParser

/// `--sign-key FILE` and `--signer COMMAND`, wherever the tool signs (catalog.json, a root).
struct SignerOptions: ParsableArguments {
    @Option(
        name: .customLong("sign-key"),
        help: ArgumentHelp(
            "An Ed25519 private key file (from `catalog keygen` or `catalog keys init`) to sign with (repeatable).",
            valueName: "file"))
    var signKeys: [String] = []

    @Option(
        name: .customLong("signer"),
        help: ArgumentHelp(
            "A program that reads the bytes to sign on stdin and prints the base64 Ed25519 signature (repeatable).",
            valueName: "command"))
    var signers: [String] = []
}
