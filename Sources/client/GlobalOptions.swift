import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Data root (default: $SOUNDSHELF_ROOT, else $XDG_DATA_HOME/soundshelf, else ~/.local/share/soundshelf).",
            valueName: "DIR"))
    var root: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Catalog folder, catalog.json, file:// or http(s):// URL (default: $SOUNDSHELF_CATALOG, else the last synced one).",
            valueName: "LOCATION"))
    var catalog: String?

    @OptionGroup var output: OutputOptions

    /// `--json`: print one JSON document on stdout.
    var json: Bool { output.json }

    /// The data root: `--root`, else `$SOUNDSHELF_ROOT`, else `$XDG_DATA_HOME/soundshelf`, else `~/.local/share/soundshelf`.
    var rootURL: URL {
        if let root, !root.isEmpty { return URL(fileURLWithPath: (root as NSString).expandingTildeInPath) }
        return ToolEnvironment.libraryRoot
    }

    /// The catalog location given on the command line or in the environment (nil: the remembered one).
    var catalogLocation: String? {
        if let catalog, !catalog.isEmpty { return catalog }
        return ToolEnvironment.catalogLocation
    }

    /// Opens an existing, synced library; anything else is a "sync first" error. `forReading`:
    /// for a command that only reads (``Library/init(readingAt:mode:)``: nothing is written to the
    /// database).
    func openSyncedLibrary(forReading: Bool = false) async throws -> Library {
        let url = rootURL
        guard Library.exists(at: url) else { throw LibraryClientError.notSynced(root: url.path) }
        let library = try forReading ? Library(readingAt: url) : Library(root: url)
        guard try await library.isImported() else { throw LibraryClientError.notSynced(root: url.path) }
        return library
    }
}
