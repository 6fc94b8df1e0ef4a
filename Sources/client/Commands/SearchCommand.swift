import ArgumentParser
import CatalogFormat
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client search QUERY [--kind K] [filters] [--installed]`
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract:
            "Full-text search over title, subtitle and pack title (prefix, any case, any accents), and the UCS synonyms of an item's CatID."
    )

    @Argument(help: "Words to look for.") var query: String
    @Option(help: "music, atmosphere or sfx.") var kind: Kind?
    @OptionGroup var filters: FilterOptions
    @OptionGroup var paging: PageOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let search = ItemQuery(
                kind: kind, filters: try filters.names(kind: kind), text: query, page: paging.request,
                installedOnly: filters.installed)
            let library = try await global.openSyncedLibrary()
            let page = try await search.fetch(from: library)
            try ItemTable.print(page, json: global.json)
        }
    }
}
