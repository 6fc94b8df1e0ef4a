import ArgumentParser
import CatalogFormat
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client facets --kind K [filters] [--installed]`
struct FacetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facets", abstract: "Count items per tag value for one kind (disjunctive within each dimension).")

    @Option(help: "music, atmosphere or sfx.") var kind: Kind
    @OptionGroup var filters: FilterOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let names = try filters.names(kind: kind)
            let library = try await global.openSyncedLibrary(forReading: true)
            let counts = try await FacetsJSON.fetch(
                kind: kind, filters: names, installedOnly: filters.installed, from: library)
            if global.json {
                try JSONOutput.print(FacetsJSON(counts))
            } else {
                printTables(counts)
            }
            // Read only: the system unmaps the index file and closes the database at once, where
            // letting go of them one by one costs about a millisecond at 1M items.
            CommandRunner.finishReadOnly()
        }
    }

    /// The total, then a table per dimension of the kind.
    private func printTables(_ counts: FacetCounts) {
        Output.line("\(counts.total) \(kind.rawValue) item\(counts.total == 1 ? "" : "s") match")
        for dim in kind.dimensions {
            Output.line()
            Output.table(
                [dim.displayName.uppercased(), "ID", "COUNT"],
                (counts.facets[dim] ?? []).map { [$0.name, "\($0.id)", "\($0.count)"] })
        }
    }
}
