import ArgumentParser
import CatalogModel
import CommandSupport
import LibraryClient

/// `client facets --kind K [filters]`
struct FacetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facets", abstract: "Count items per tag value for one kind (disjunctive within each dimension).")

    @Option(help: "music, atmosphere or sfx.") var kind: Kind
    @OptionGroup var filters: FilterOptions
    @OptionGroup var global: GlobalOptions

    struct JSON: Encodable {
        let kind: String
        let total: Int
        let facets: DimensionKeyed<[FacetValue]>
    }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let selected = try await filters.resolve(with: library, kind: kind)
            let counts = try await library.facets.fetchFacetCounts(kind: kind, filters: selected)
            let entries = kind.dimensions.map { ($0, counts.facets[$0] ?? []) }
            if global.json {
                return try Output.json(
                    JSON(kind: kind.rawValue, total: counts.total, facets: DimensionKeyed(entries: entries)))
            }
            Output.line("\(counts.total) \(kind.rawValue) item\(counts.total == 1 ? "" : "s") match")
            for (dim, values) in entries {
                Output.line()
                Output.table(
                    [dim.displayName.uppercased(), "ID", "COUNT"], values.map { [$0.name, "\($0.id)", "\($0.count)"] })
            }
        }
    }
}
