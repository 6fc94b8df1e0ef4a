import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient

/// `client trust [--json]`
struct TrustCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Show what this data root trusts to check its catalog: the root's version, keys, thresholds, expiry.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let url = global.rootURL
            let trust = try await Library.exists(at: url) ? Library(root: url).trustState() : TrustState.nothing
            if global.json { return try JSONOutput.print(trust) }
            switch trust.source {
            case .none:
                Output.line(
                    "nothing trusted: catalogs are not checked (sync with --trust-root FILE or --trust-key FILE)")
            case .key: Output.line("one trusted key (an implicit root version 1; no expiry of its own)")
            case .root: Output.line("root of trust version \(trust.version), expires \(trust.expires ?? "?")")
            }
            for (name, role) in [("root", trust.root), ("catalog", trust.catalog)] {
                guard let role else { continue }
                Output.line(
                    "  \(name) keys (\(role.threshold) of \(role.keyids.count)): \(role.keyids.joined(separator: ", "))"
                )
            }
            if let warning = trust.warning { Output.error("warning: \(warning)") }
        }
    }
}
