import ArgumentParser
import CatalogModel
import CatalogPublisher
import CommandSupport
import Foundation

/// `catalog verify DIR-or-URL [--trust-key FILE] [--trust-root FILE]`.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a published catalog as a client would: hashes, sizes, signature, expiry, rules."
    )

    @Argument(help: "The published folder or its URL (http(s):// or file://), or the URL of its catalog.json.")
    var location: String

    @Option(help: "Ed25519 public key (catalog.pub) the signature must verify with.")
    var trustKey: String?

    @Option(
        help: ArgumentHelp(
            "A root of trust (root/N.json, its .sig beside it) to walk the catalog's roots from.", valueName: "file"))
    var trustRoot: String?

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let place = try CommandRunner.run { try CatalogLocation(location) }
        let key = try CommandRunner.run { try trustKey.map { try CatalogSignature.readPublicKey(atPath: $0) } }
        let root = try CommandRunner.run {
            try trustRoot.map { path throws -> RootDocument in
                guard let bytes = FileManager.default.contents(atPath: path),
                    let signatures = FileManager.default.contents(atPath: path + ".sig")
                else { throw ValidationError("\(path) and \(path).sig must both be readable") }
                return try RootChain.selfSigned(bytes, signatures: signatures, file: path)
            }
        }
        let fetcher = VerifyFetcher()
        let report = await CatalogVerifier.verify(
            fetch: { try await fetcher.fetch(place.resolve($0)) },
            trustedKey: key, trustedRoot: root)
        if output.json {
            try Output.json(report)
        } else {
            for w in report.warnings { Output.error("warning: \(w)") }
            for p in report.problems { Output.error("error: \(p)") }
            let version = report.catalogVersion.map { "catalogVersion \($0)" } ?? "no catalog"
            Output.line(
                "\(version): \(report.filesChecked) files checked, \(report.problems.count) problems, \(report.warnings.count) warnings"
            )
        }
        if !report.problems.isEmpty { throw ExitCode(1) }
    }
}
