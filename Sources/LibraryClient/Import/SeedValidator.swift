import CatalogFormat

/// Checks a decoded seed before it touches the database and returns it with every id in
/// canonical lowercase form. The first problem is thrown as a ``Diagnostic`` naming the file,
/// the JSON path and the entry's id.
///
/// ```swift
/// let seed = try SeedValidator(file: "seeds/ab12.json").validated(decodedSeed)
/// ```
struct SeedValidator {
    let file: String
    /// Names already found normal (names repeat a lot: check each distinct one once). Keyed by
    /// exact bytes: Swift's String equality is canonical, so "é" and "e\u{301}" would collide.
    private final class NameCache { var normal = Set<ExactString>() }
    private let cache = NameCache()

    init(file: String) { self.file = file }

    /// The seed with every id in canonical form; throws when an id is not a UUID. This is what
    /// the writer needs before it starts; ``validated(_:)`` checks everything else (and may run
    /// alongside the write, see ``BackgroundCheck``).
    func canonicalIDs(_ input: Seed) throws(Diagnostic) -> Seed {
        var seed = input
        for i in seed.music.indices where !Self.isCanonical(seed.music[i].id) {
            seed.music[i].id = try canonicalForm(seed.music[i].id) { "$.music[\(i)]" }
        }
        for p in seed.packs.indices {
            if !Self.isCanonical(seed.packs[p].id) {
                seed.packs[p].id = try canonicalForm(seed.packs[p].id) { "$.packs[\(p)]" }
            }
            for i in seed.packs[p].items.indices where !Self.isCanonical(seed.packs[p].items[i].id) {
                seed.packs[p].items[i].id = try canonicalForm(seed.packs[p].items[i].id) { "$.packs[\(p)].items[\(i)]" }
            }
        }
        return seed
    }

    /// Every rule, on a seed whose ids are canonical (``canonicalIDs(_:)``).
    func validate(_ seed: Seed) throws(Diagnostic) {
        _ = try validated(seed)
    }

    func validated(_ input: Seed) throws(Diagnostic) -> Seed {
        var seed = input
        guard seed.schemaVersion == 1 else {
            throw fail(
                "schemaVersion \(seed.schemaVersion) is not supported (this client reads 1); update the client",
                "$.schemaVersion")
        }
        for dim in TagDimension.allCases {
            for (i, entry) in seed.vocabularies.entries(for: dim).enumerated() {
                try checkName(entry.name, path: { "$.vocabularies.\(dim.vocabularyKey)[\(i)].name" }, id: nil)
            }
        }
        var ids = Set<String>()
        var playlists = Set<String>()
        var spotifyPlaylists = Set<String>()
        var slugs = Set<String>()
        for i in seed.music.indices {
            let path = { "$.music[\(i)]" }
            let musicID = try canonical(seed.music[i].id, path: path, seen: &ids)
            if musicID != seed.music[i].id { seed.music[i].id = musicID }  // assign only when needed: no array copy
            let entry = seed.music[i]
            try checkTitle(entry.title, path: path, id: entry.id)
            let playlist = entry.appleMusicPlaylistId
            guard !playlist.isEmpty else {
                throw fail("music \(entry.id) has an empty appleMusicPlaylistId", "\(path()).appleMusicPlaylistId")
            }
            guard playlists.insert(playlist).inserted else {
                throw fail(
                    "music \(entry.id) reuses appleMusicPlaylistId '\(playlist)'; each playlist may appear once",
                    "\(path()).appleMusicPlaylistId")
            }
            if let spotify = entry.spotifyPlaylistId {
                guard !spotify.isEmpty, spotifyPlaylists.insert(spotify).inserted else {
                    throw fail(
                        "music \(entry.id) has an empty or reused spotifyPlaylistId '\(spotify)'; each playlist may appear once",
                        "\(path()).spotifyPlaylistId")
                }
            }
            try checkTags(entry.tags, kind: .music, path: { "\(path()).tags" }, id: entry.id)
        }
        for p in seed.packs.indices {
            let packPath = "$.packs[\(p)]"
            let path = { packPath }
            let packID = try canonical(seed.packs[p].id, path: path, seen: &ids)
            if packID != seed.packs[p].id { seed.packs[p].id = packID }
            let pack = seed.packs[p]
            guard pack.kind.isPackKind else {
                throw fail(
                    "pack \(pack.id) has kind 'music'; a pack's kind must be atmosphere or sfx", "\(packPath).kind")
            }
            try checkTitle(pack.title, path: path, id: pack.id)
            guard !pack.slug.isEmpty, slugs.insert(pack.slug).inserted else {
                throw fail(
                    "pack \(pack.id) has an empty or repeated slug '\(pack.slug)'; slugs must be unique",
                    "\(packPath).slug")
            }
            guard pack.version >= 1 else {
                throw fail("pack \(pack.id) has version \(pack.version); versions start at 1", "\(packPath).version")
            }
            guard !pack.manifestURL.isEmpty else {
                throw fail("pack \(pack.id) has an empty manifestURL", "\(packPath).manifestURL")
            }
            for i in pack.items.indices {
                let itemPath = { "\(packPath).items[\(i)]" }
                let itemID = try canonical(pack.items[i].id, path: itemPath, seen: &ids)
                if itemID != pack.items[i].id { seed.packs[p].items[i].id = itemID }
                let item = seed.packs[p].items[i]
                try checkTitle(item.title, path: itemPath, id: item.id)
                try checkTags(item.tags, kind: pack.kind, path: { "\(itemPath()).tags" }, id: item.id)
            }
        }
        return seed
    }

    func fail(_ message: String, _ path: String) -> Diagnostic {
        Diagnostic(.error, message, file: file, path: path)
    }

    func canonicalForm(_ raw: String, path: () -> String) throws(Diagnostic) -> String {
        guard let id = Self.isCanonical(raw) ? raw : CanonicalID.parse(raw) else {
            throw fail("'\(raw)' is not a UUID; ids are written as 8-4-4-4-12 hex", "\(path()).id")
        }
        return id
    }

    private func canonical(_ raw: String, path: () -> String, seen: inout Set<String>) throws(Diagnostic) -> String {
        let id = try canonicalForm(raw, path: path)
        guard seen.insert(id).inserted else {
            throw fail("id \(id) appears twice in the seed; every item and pack needs its own id", "\(path()).id")
        }
        return id
    }

    /// Fast path for ids already in lowercase 8-4-4-4-12 form (the published form).
    static func isCanonical(_ text: String) -> Bool {
        var count = 0
        for (i, byte) in text.utf8.enumerated() {
            count += 1
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !((48...57).contains(byte) || (97...102).contains(byte)) {
                return false
            }
        }
        return count == 36
    }

    func checkTitle(_ title: String, path: () -> String, id: String) throws(Diagnostic) {
        // Most titles start with a visible ASCII character: not empty, no need to trim.
        if let first = title.utf8.first, first > 0x20 && first < 0x7F { return }
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw fail("entry \(id) has an empty title", "\(path()).title")
        }
    }

    func checkTags(_ tags: TagSet, kind: Kind, path: () -> String, id: String) throws(Diagnostic) {
        for key in TagSet.keys where !tags[key].isEmpty {
            guard let dim = kind.dimension(forTagsKey: key) else {
                let allowed = kind.dimensions.map(\.tagsKey).joined(separator: ", ")
                throw fail(
                    "item \(id): a \(kind.rawValue) item may not use '\(key)' (allowed: \(allowed)); remove those tags",
                    "\(path()).\(key)")
            }
            for (i, name) in tags[key].enumerated() {
                try checkName(name, path: { "\(path()).\(key)[\(i)]" }, id: id, dimension: dim)
            }
        }
    }

    func checkName(_ name: String, path: () -> String, id: String?, dimension: TagDimension? = nil)
        throws(Diagnostic)
    {
        let key = ExactString(name)
        if cache.normal.contains(key) { return }
        let normal = TagName.normalize(name)
        let owner = id.map { "item \($0): " } ?? ""
        let what = dimension.map { "\($0.displayName) " } ?? "tag "
        if normal.isEmpty { throw fail("\(owner)\(what)name is empty", path()) }
        if !normal.unicodeScalars.elementsEqual(name.unicodeScalars) {
            throw fail(
                "\(owner)\(what)'\(name)' is not in normal form (NFC, trimmed, single spaces); write '\(normal)'",
                path())
        }
        cache.normal.insert(key)
    }
}
