/// A pack's own fields as ``SeedStreamReader`` meets them, before its `items`.
struct SeedStreamPackFields {
    var id: String?
    var slug: String?
    var kind: Kind?
    var title: String?
    var description: String?
    var artworkURL: String?
    var version: Int?
    var manifestURL: String?
    var itemsDone = false

    /// Reads the value of key number `key` of ``KeyTable/pack`` (anything but `items`).
    mutating func read(_ key: Int, _ s: inout JSONByteScanner) throws(JSONByteScanner.Failure) {
        switch key {
        case 0: id = try s.string()
        case 1: slug = try s.string()
        case 2:
            kind = Kind(rawValue: try s.string(intern: true))
            guard kind != nil else { throw JSONByteScanner.Failure() }
        case 3: title = try s.string()
        case 4: description = try s.optionalString()
        case 5: artworkURL = try s.optionalString()
        case 6: version = try s.int()
        case 7: manifestURL = try s.string()
        default: try s.skipValue()
        }
    }

    /// The pack without items, once every required field was read.
    var pack: Seed.Pack? {
        guard let id, let slug, let kind, let title, let version, let manifestURL else { return nil }
        return Seed.Pack(
            id: id, slug: slug, kind: kind, title: title, description: description, artworkURL: artworkURL,
            version: version, manifestURL: manifestURL, items: [])
    }
}
