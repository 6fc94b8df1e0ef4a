import ArgumentParser
import CatalogModel
import CommandSupport
import LibraryClient

/// `client list --kind K [filters] [--sort title|duration|recent] [--limit N] [--after CURSOR] [--offset N]`
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Browse the items of one kind.")

    @Option(help: "music, atmosphere or sfx.") var kind: Kind
    @OptionGroup var filters: FilterOptions
    @Option(help: "title, duration or recent.") var sort: ItemSort = .title
    @Option(help: "At most this many items (default 100).") var limit: Int = 100
    @Option(help: "Skip this many items first.") var offset: Int = 0
    @Option(help: ArgumentHelp("Start after this cursor (the nextCursor of the previous page).", valueName: "CURSOR"))
    var after: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if limit < 0 || offset < 0 { throw ValidationError("--limit and --offset must be 0 or more") }
    }

    func run() async throws {
        try await CommandRunner.run {
            let library = try await global.openSyncedLibrary()
            let selected = try await filters.resolve(with: library, kind: kind)
            let page = try await library.items.fetchItems(
                kind: kind, filters: selected, sort: sort,
                page: PageRequest(limit: limit, offset: offset, after: after))
            try ItemTable.print(page, json: global.json)
        }
    }
}
