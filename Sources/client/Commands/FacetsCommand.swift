import ArgumentParser
import CatalogFormat
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client facets --kind K [filters]`
struct FacetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facets", abstract: "Count items per tag value for one kind (disjunctive within each dimension).")

    @Option(help: "music, atmosphere or sfx.") var kind: Kind
    @OptionGroup var filters: FilterOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let names = try filters.names(kind: kind)
            let library = try await global.openSyncedLibrary()
            let counts = try await FacetsJSON.fetch(kind: kind, filters: names, from: library)
            if global.json { return try JSONOutput.print(FacetsJSON(counts)) }
            let entries = kind.dimensions.map { ($0, counts.facets[$0] ?? []) }
            Output.line("\(counts.total) \(kind.rawValue) item\(counts.total == 1 ? "" : "s") match")
            for (dim, values) in entries {
                Output.line()
                Output.table(
                    [dim.displayName.uppercased(), "ID", "COUNT"], values.map { [$0.name, "\($0.id)", "\($0.count)"] })
            }
        }
    }
}
