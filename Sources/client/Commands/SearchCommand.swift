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
                matching: query, kind: kind, filters: selected,
                page: PageRequest(limit: limit, offset: offset, after: after))
            try ItemTable.print(page, json: global.json)
        }
    }
}
