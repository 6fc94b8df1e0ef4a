import ArgumentParser
import CatalogModel
import CommandSupport
import LibraryClient

/// `client search QUERY [--kind K] [filters]`
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Full-text search over title, subtitle and pack title (prefix, any case, any accents).")

    @Argument(help: "Words to look for.") var query: String
    @Option(help: "music, atmosphere or sfx.") var kind: Kind?
    @OptionGroup var filters: FilterOptions
    @OptionGroup var paging: PageOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let selected = try await filters.resolve(with: library, kind: kind)
            let page = try await library.items.fetchItems(
                matching: query, kind: kind, filters: selected,
                page: paging.request)
            try ItemTable.print(page, json: global.json)
        }
    }
}
