import ArgumentParser
import CatalogFormat
import CommandSupport
import LibraryClient
import LibraryJSON

/// `client list --kind K [filters] [--installed] [--sort title|duration|recent] [--limit N] [--after CURSOR] [--offset N]`
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Browse the items of one kind.")

    @Option(help: "music, atmosphere or sfx.") var kind: Kind
    @OptionGroup var filters: FilterOptions
    @Option(help: "title, duration or recent.") var sort: ItemSort = .title
    @OptionGroup var paging: PageOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CommandRunner.run {
            let query = ItemQuery(
                kind: kind, filters: try filters.names(kind: kind), sort: sort, page: paging.request,
                installedOnly: filters.installed)
            let library = try await global.openSyncedLibrary()
            let page = try await query.fetch(from: library)
            try ItemTable.print(page, json: global.json)
        }
    }
}
