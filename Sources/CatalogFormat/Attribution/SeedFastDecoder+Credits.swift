extension KeyTable {
    static let credit = KeyTable(["name", "role", "url"])
}

extension JSONByteScanner {
    /// A seed item's `credits`: null, or a list of `{"name", "role", "url"}` (names repeat across
    /// items, so they are interned).
    mutating func credits() throws(Failure) -> [Credit]? {
        if null() { return nil }
        try beginArray()
        var result: [Credit] = []
        var first = true
        while try nextElement(&first) { result.append(try credit()) }
        return result
    }

    private mutating func credit() throws(Failure) -> Credit {
        var name: String?
        var role: String?
        var url: String?
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.credit, &first, &seen) {
            switch key {
            case 0: name = try string(intern: true)
            case 1: role = null() ? nil : try string(intern: true)
            case 2: url = null() ? nil : try string(intern: true)
            default: try skipValue()
            }
        }
        guard let name else { throw Failure() }
        return Credit(name: name, role: role, url: url)
    }
}
