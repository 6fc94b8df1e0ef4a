import LibraryClient

extension PageRequest {
    /// `--limit`, `--offset` and `--after` as one request.
    init(limit: Int, offset: Int, after: String?) {
        self.init(limit: limit, offset: offset)
        self.after = after.map(PageCursor.init)
    }
}
