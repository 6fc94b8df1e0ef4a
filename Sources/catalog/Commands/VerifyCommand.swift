import ArgumentParser
import CatalogModel
import CatalogPublisher
import CommandSupport
import Foundation

/// `catalog verify DIR-or-URL [--trust-key FILE]`.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a published catalog as a client would: hashes, sizes, signature, expiry, rules."
    )

    @Argument(help: "The published folder or its URL (http(s):// or file://), or the URL of its catalog.json.")
    var location: String

    @Option(help: "Ed25519 public key (catalog.pub) the signature must verify with.")
    var trustKey: String?

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let place = try CommandRunner.run { try CatalogLocation(location) }
        let key = try CommandRunner.run { try trustKey.map { try CatalogSignature.readPublicKey(atPath: $0) } }
        let fetcher = VerifyFetcher()
        let report = await CatalogVerifier.verify(
            fetch: { try await fetcher.fetch(place.resolve($0)) },
            trustedKey: key)
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
