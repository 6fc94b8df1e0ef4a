import Foundation

/// A fast, allocation-light reader for the seed (`seeds/<sha256>.json`). It reads the bytes in
/// one pass, without building a tree of the document, and shares one `String` per tag name.
/// It gives exactly the `Seed` that `JSONDecoder` would, or nil whenever it is unsure — invalid
/// JSON, wrong types, duplicate keys, a byte order mark, `1.0` for an integer… — and then the
/// caller decodes with ``CatalogJSON`` for the located error message.
///
/// ```swift
/// let seed = try SeedFastDecoder.decode(data) ?? CatalogJSON.decode(Seed.self, from: data, file: path)
/// ```
public enum SeedFastDecoder {
    /// The seed in `data`, or nil when the fast path is unsure (then use CatalogJSON.decode).
    public static func decode(_ data: Data) -> Seed? {
        data.withUnsafeBytes { raw -> Seed? in
            guard var scanner = JSONByteScanner(raw) else { return nil }
            return try? scanner.seed()
        }
    }
}

/// The keys of one object type, matched by their bytes, or as `String`s when escaped.
///
/// ```swift
/// KeyTable.entry.index(of: "sortOrder")   // 1; -1 for a key the type does not know
/// ```
struct KeyTable: Sendable {
    let names: [String]
    private let bytes: [UInt8], starts: [Int]

    init(_ names: [String]) {
        self.names = names
        bytes = names.flatMap(\.utf8)
        starts = names.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }
    }

    /// The index of the key spelled by `raw` (no escapes), or -1.
    func index(of raw: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { keys in
            for i in 0..<names.count
            where starts[i + 1] - starts[i] == raw.count
                && memcmp(keys.baseAddress! + starts[i], raw.baseAddress!, raw.count) == 0
            { return i }
            return -1
        }
    }

    /// The index of `name` (compared as `String`s, like JSONDecoder's key lookup), or -1.
    func index(of name: String) -> Int { names.firstIndex(of: name) ?? -1 }

    static let seed = KeyTable(["schemaVersion", "catalogVersion", "vocabularies", "music", "packs", "loudness"])
    static let vocabularies = KeyTable(TagDimension.allCases.map(\.vocabularyKey))
    static let entry = KeyTable(["name", "sortOrder"])
    static let music = KeyTable([
        "id", "title", "subtitle", "duration", "artworkURL", "appleMusicPlaylistId", "tags",
        "spotifyPlaylistId",
    ])
    static let pack = KeyTable([
        "id", "slug", "kind", "title", "description", "artworkURL", "version", "manifestURL", "items",
    ])
    static let item = KeyTable([
        "id", "title", "subtitle", "duration", "sortOrder", "tags", "takes", "playback", "license", "credits",
        "source", "loudness", "loop", "peaks", "ucs",
    ])
    static let tags = KeyTable(TagSet.keys)
    static let none = KeyTable([])
}

extension JSONByteScanner {
    fileprivate mutating func seed() throws(Failure) -> Seed {
        var schemaVersion: Int?
        var catalogVersion: Int?
        var vocabularies: Vocabularies?
        var music: [Seed.MusicEntry]?
        var packs: [Seed.Pack]?
        var loudness: LoudnessTargets?
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.seed, &first, &seen) {
            switch key {
            case 0: schemaVersion = try int()
            case 1: catalogVersion = try int()
            case 2: vocabularies = try self.vocabularies()
            case 3: music = try array { (s: inout Self) throws(Failure) in try s.musicEntry() }
            case 4: packs = try array { (s: inout Self) throws(Failure) in try s.pack() }
            case 5: loudness = try optionalTargets()
            default: try skipValue()
            }
        }
        try finish()
        guard let schemaVersion, let catalogVersion, let vocabularies, let music, let packs else { throw Failure() }
        return Seed(
            schemaVersion: schemaVersion, catalogVersion: catalogVersion, vocabularies: vocabularies,
            music: music, packs: packs, loudness: loudness)
    }

    mutating func array<T>(_ element: (inout Self) throws(Failure) -> T) throws(Failure) -> [T] {
        try beginArray()
        var result: [T] = []
        var first = true
        while try nextElement(&first) { result.append(try element(&self)) }
        return result
    }

    mutating func optionalString(intern: Bool = false) throws(Failure) -> String? {
        null() ? nil : try string(intern: intern)
    }
    private mutating func optionalDouble() throws(Failure) -> Double? { null() ? nil : try double() }
    /// A `[String]` that may be missing or null (tag names: interned).
    private mutating func names() throws(Failure) -> [String] {
        null() ? [] : try array { (s: inout Self) throws(Failure) in try s.string(intern: true) }
    }

    mutating func vocabularies() throws(Failure) -> Vocabularies {
        var lists = [[Vocabularies.Entry]](repeating: [], count: TagDimension.allCases.count)
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.vocabularies, &first, &seen) {
            guard key >= 0 else {
                try skipValue()
                continue
            }
            if null() { continue }
            lists[key] = try array { (s: inout Self) throws(Failure) in try s.entry() }
        }
        var result = Vocabularies()
        for (dim, list) in zip(TagDimension.allCases, lists) { result.setEntries(list, for: dim) }
        return result
    }

    private mutating func entry() throws(Failure) -> Vocabularies.Entry {
        var name: String?
        var sortOrder: Int?
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.entry, &first, &seen) {
            switch key {
            case 0: name = try string(intern: true)
            case 1: sortOrder = try int()
            default: try skipValue()
            }
        }
        guard let name, let sortOrder else { throw Failure() }
        return Vocabularies.Entry(name: name, sortOrder: sortOrder)
    }

    private mutating func tags() throws(Failure) -> TagSet {
        var tags = TagSet()
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.tags, &first, &seen) {
            switch key {
            case 0: tags.locations = try names()
            case 1: tags.moods = try names()
            case 2: tags.themes = try names()
            case 3: tags.creatureTypes = try names()
            default: try skipValue()
            }
        }
        return tags
    }

    mutating func musicEntry() throws(Failure) -> Seed.MusicEntry {
        var id: String?
        var title: String?
        var subtitle: String?
        var duration: Double?
        var artworkURL: String?
        var playlist: String?
        var spotify: String?
        var tags: TagSet?
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.music, &first, &seen) {
            switch key {
            case 0: id = try string()
            case 1: title = try string()
            case 2: subtitle = try optionalString()
            case 3: duration = try optionalDouble()
            case 4: artworkURL = try optionalString()
            case 5: playlist = try string()
            case 6: tags = try self.tags()
            case 7: spotify = try optionalString()
            default: try skipValue()
            }
        }
        guard let id, let title, let playlist, let tags else { throw Failure() }
        return Seed.MusicEntry(
            id: id, title: title, subtitle: subtitle, duration: duration, artworkURL: artworkURL,
            appleMusicPlaylistId: playlist, spotifyPlaylistId: spotify, tags: tags)
    }

    mutating func pack() throws(Failure) -> Seed.Pack {
        var fields = SeedStreamPackFields()
        var items: [Seed.Item]?
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.pack, &first, &seen) {
            if key == 8 {
                items = try array { (s: inout Self) throws(Failure) in try s.item() }
            } else {
                try fields.read(key, &self)
            }
        }
        guard var pack = fields.pack, let items else { throw Failure() }
        pack.items = items
        return pack
    }

    mutating func item() throws(Failure) -> Seed.Item {
        var id: String?
        var title: String?
        var subtitle: String?
        var duration: Double?
        var sortOrder: Int?
        var tags: TagSet?
        var takes: Int?
        var playback: Playback?
        var license: String?
        var credits: [Credit]?
        var source: String?
        var loudness: Loudness?
        var loop: LoopRegion?
        var peaks: String?
        var ucs: String?
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.item, &first, &seen) {
            switch key {
            case 0: id = try string()
            case 1: title = try string()
            case 2: subtitle = try optionalString()
            case 3: duration = try optionalDouble()
            case 4: sortOrder = try int()
            case 5: tags = try self.tags()
            case 6: takes = try optionalInt()
            case 7: playback = try self.playback()
            case 8: license = try optionalString(intern: true)
            case 9: credits = try self.credits()
            case 10: source = try optionalString(intern: true)
            case 11: loudness = try optionalLoudness()
            case 12: loop = try optionalLoop()
            case 13: peaks = try optionalString()
            case 14: ucs = try optionalString(intern: true)
            default: try skipValue()
            }
        }
        guard let id, let title, let sortOrder, let tags else { throw Failure() }
        var item = Seed.Item(
            id: id, title: title, subtitle: subtitle, duration: duration, sortOrder: sortOrder, tags: tags,
            takes: takes, playback: playback, loudness: loudness, loop: loop, peaks: peaks)
        item.license = license
        item.credits = credits
        item.source = source
        item.ucs = ucs
        return item
    }

}
