import ArgumentParser
import CatalogFormat
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client sync [--force] [--trust-key FILE | --trust-root FILE] [--allow-downgrade]`
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Fetch the catalog, verify it, and import or update the library.")

    @Flag(help: "Re-import even when the seed is unchanged.") var force = false
    @Option(
        name: .customLong("trust-key"),
        help: ArgumentHelp(
            "Trust this Ed25519 public key (catalog.pub) for this data root from now on.", valueName: "FILE"))
    var trustKey: String?
    @Option(
        name: .customLong("trust-root"),
        help: ArgumentHelp(
            "Trust this root of trust (a published root/N.json, its .sig beside it) for this data root from now on.",
            valueName: "FILE"))
    var trustRoot: String?
    @Flag(name: .customLong("allow-downgrade"), help: "Accept a catalogVersion lower than the last imported one.")
    var allowDowngrade = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if trustKey != nil && trustRoot != nil { throw ValidationError("give --trust-key or --trust-root, not both") }
    }

    func run() async throws {
        try await CommandRunner.run {
            let library = try Library(root: global.rootURL)
            var options = SyncOptions(
                catalog: try global.catalogLocation.map { try CatalogLocation.parsing($0).catalogURL }, force: force,
                trustKeyFile: trustKey, trustRootFile: trustRoot, allowDowngrade: allowDowngrade)
            let result = try await library.sync(options)
            if ToolEnvironment.reportsPhaseTimes {
                for phase in result.phases {
                    Output.error(
                        String(
                            format: "sync: %@ %.1f ms (total %.1f ms)", phase.name, phase.seconds * 1e3,
                            phase.totalSeconds * 1e3))
                }
            }
            if global.json {
                try JSONOutput.print(SyncJSON(result))
            } else if !result.summary.didWrite {
                Output.line(
                    "catalog \(result.catalogVersion) from \(result.location): already up to date"
                        + (result.transfer == .notModified ? " (not modified)" : ""))
            } else {
                Output.line(
                    "catalog \(result.catalogVersion) from \(result.location): \(result.inserted) inserted, \(result.updated) updated, \(result.hidden) hidden"
                        + (result.transfer == .delta ? " (only the changes fetched)" : "")
                        + (result.retries > 0 ? " (\(result.retries) requests retried)" : ""))
            }
        }
    }
}
