import ArgumentParser
import CatalogFormat
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client packs [--kind K] [PACK]`
struct PacksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "packs", abstract: "List packs with their state and progress.")

    @Option(help: "atmosphere or sfx.") var kind: Kind?
    @Argument(help: "Only this pack (id or slug).") var pack: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            if let pack {
                let detail = try await library.packs.fetchPackDetail(PackReference(pack))
                if global.json { return try JSONOutput.print(PacksJSON([detail.pack])) }
                return Self.printDetail(detail)
            }
            let packs = try await library.packs.fetchPacks(kind: kind)
            if global.json { return try JSONOutput.print(PacksJSON(packs)) }
            Output.table(["SLUG", "KIND", "TITLE", "VERSION", "STATE", "PROGRESS", "ITEMS"], packs.map(Self.cells))
        }
    }

    static func cells(_ pack: PackWithState) -> [String] {
        var progress = "-"
        if let total = pack.bytesTotal, total > 0 {
            let done = pack.bytesDownloaded ?? 0
            progress = "\(Output.bytes(done)) / \(Output.bytes(total)) (\(done * 100 / total)%)"
        }
        var state = pack.state.rawValue
        if let installed = pack.installedVersion, installed != pack.version { state += " (v\(installed) installed)" }
        if let error = pack.lastError { state += ": \(error)" }
        return [
            pack.slug ?? pack.id, pack.kind.rawValue, pack.title, "\(pack.version)", state, progress,
            "\(pack.itemCount)",
        ]
    }

    static func printDetail(_ detail: PackDetail) {
        Output.table(["SLUG", "KIND", "TITLE", "VERSION", "STATE", "PROGRESS", "ITEMS"], [cells(detail.pack)])
        Output.line("id: \(detail.pack.id)")
        Output.line()
        Output.table(
            ["ID", "TITLE", "DURATION", "AVAILABLE"],
            detail.items.map {
                [$0.id, $0.title, Output.duration($0.duration), ItemTable.label($0.availability)]
            })
    }
}
