import LibraryClient

/// One entry of `{"packs": [...]}` with explicit nulls.
struct PackJSON: Encodable {
    let pack: PackWithState

    enum Keys: String, CodingKey {
        case id, slug, kind, title, version, state, installedVersion, bytesTotal, bytesDownloaded, lastError
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(pack.id, forKey: .id)
        try c.encode(pack.slug, forKey: .slug)
        try c.encode(pack.kind.rawValue, forKey: .kind)
        try c.encode(pack.title, forKey: .title)
        try c.encode(pack.version, forKey: .version)
        try c.encode(pack.state.rawValue, forKey: .state)
        try c.encode(pack.installedVersion, forKey: .installedVersion)
        try c.encode(pack.bytesTotal, forKey: .bytesTotal)
        try c.encode(pack.bytesDownloaded, forKey: .bytesDownloaded)
        try c.encode(pack.lastError, forKey: .lastError)
    }
}

/// `client show PACK`: the pack's fields plus its items.
struct PackDetailJSON: Encodable {
    let detail: PackDetail

    enum Keys: String, CodingKey { case items }

    func encode(to encoder: any Encoder) throws {
        try PackJSON(pack: detail.pack).encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(detail.items.map(ItemJSON.init(row:)), forKey: .items)
    }
}
