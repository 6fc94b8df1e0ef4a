import ArgumentParser
import LibraryClient

/// `--limit N`, `--offset N` and `--after CURSOR` of the item lists (`list`, `search`,
/// `favorites`): keyset paging by the previous page's `nextCursor`, or an offset.
struct PageOptions: ParsableArguments {
    @Option(help: "At most this many items (default 100).") var limit: Int = 100
    @Option(help: "Skip this many items first.") var offset: Int = 0
    @Option(help: ArgumentHelp("Start after this cursor (the nextCursor of the previous page).", valueName: "CURSOR"))
    var after: String?

    func validate() throws {
        if limit < 0 || offset < 0 { throw ValidationError("--limit and --offset must be 0 or more") }
    }

    /// The options as one library request.
    var request: PageRequest {
        var request = PageRequest(limit: limit, offset: offset)
        request.after = after.map(PageCursor.init)
        return request
    }
}
