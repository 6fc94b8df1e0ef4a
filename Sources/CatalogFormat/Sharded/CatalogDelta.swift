import Foundation

/// What changed between two versions of a schema-2 catalog (`deltas/<sha256>.jsonl.gz`: gzip of
/// one JSON object per line, each with one key): `delta` (the ``DeltaHeader``, first), then
/// `music` (an entry added or changed), `pack` (a pack added or changed, ``DeltaPack``), `item`
/// (an item added or changed, ``DeltaItem``), `removed` (ids of items and music entries no
/// longer listed) and `removedPacks`. Several deltas in a row merge into one net change.
///
/// ```swift
/// var change = try CatalogDelta.parse(plain, file: "deltas/ab….jsonl.gz")
/// try change.merge(try CatalogDelta.parse(next, file: "deltas/cd….jsonl.gz"))
/// ```
public struct CatalogDelta: Sendable, Equatable {
    public var header: DeltaHeader
    public var music: [Seed.MusicEntry] = []
    public var packs: [DeltaPack] = []
    public var items: [DeltaItem] = []
    public var removed: [String] = []
    public var removedPacks: [String] = []

    public init(header: DeltaHeader) { self.header = header }

    /// Whether nothing but the header (vocabularies, loudness) is carried.
    public var isEmpty: Bool {
        music.isEmpty && packs.isEmpty && items.isEmpty && removed.isEmpty && removedPacks.isEmpty
    }

    /// The lines of the file, each ending in a newline.
    public func encoded() throws -> Data {
        var out = Data()
        func line(_ key: String, _ value: some Encodable) throws {
            out.append(contentsOf: try CompactJSON.encode([key: value]))
            out.append(0x0A)
        }
        try line("delta", header)
        for entry in music { try line("music", entry) }
        for pack in packs { try line("pack", pack) }
        for item in items { try line("item", item) }
        if !removed.isEmpty { try line("removed", removed) }
        if !removedPacks.isEmpty { try line("removedPacks", removedPacks) }
        return out
    }

    /// The delta in `data` (its decompressed lines); a line that is not one of the known shapes
    /// is refused with its line number.
    public static func parse(_ data: Data, file: String) throws(Diagnostic) -> CatalogDelta {
        let lines = JSONLines.lines(of: data)
        guard let first = lines.first else { throw Diagnostic(.error, "the delta is empty", file: file, path: "$") }
        let head = Data(first)
        let firstName = "\(file) line 1"
        guard try CatalogJSON.decode(DeltaLineKey.self, from: head, file: firstName).key == "delta" else {
            throw Diagnostic(.error, "a delta starts with its \"delta\" line", file: firstName, path: "$")
        }
        // One value, appended to in place: the lines may be hundreds of thousands.
        var delta = CatalogDelta(header: try value(DeltaHeader.self, head, firstName, "delta"))
        for (index, slice) in lines.enumerated().dropFirst() {
            let line = Data(slice)
            let name = "\(file) line \(index + 1)"
            let key = try CatalogJSON.decode(DeltaLineKey.self, from: line, file: name).key
            switch key {
            case "music": delta.music.append(try value(Seed.MusicEntry.self, line, name, key))
            case "pack": delta.packs.append(try value(DeltaPack.self, line, name, key))
            case "item": delta.items.append(try value(DeltaItem.self, line, name, key))
            case "removed": delta.removed += try value([String].self, line, name, key)
            case "removedPacks": delta.removedPacks += try value([String].self, line, name, key)
            default:
                throw Diagnostic(.error, "unknown line \"\(key)\"", file: name, path: "$.\(key)")
            }
        }
        return delta
    }

    private static func value<T: Decodable>(_ type: T.Type, _ line: Data, _ name: String, _ key: String)
        throws(Diagnostic) -> T
    {
        try CatalogJSON.decode([String: T].self, from: line, file: name)[key]!
    }

    /// Adds the change `next` made after this one: the result leads from this delta's `from` to
    /// `next`'s `to`, each id keeping its last state.
    public mutating func merge(_ next: CatalogDelta) {
        let gone = Set(next.removed)
        let goneP = Set(next.removedPacks)
        let newMusic = Set(next.music.map(\.id))
        let newItems = Set(next.items.map(\.item.id))
        let newPacks = Set(next.packs.map(\.id))
        music = music.filter { !gone.contains($0.id) && !newMusic.contains($0.id) } + next.music
        items = items.filter { !gone.contains($0.item.id) && !newItems.contains($0.item.id) } + next.items
        // A later line without the item order keeps the order an earlier one gave.
        let orders = Dictionary(packs.map { ($0.id, ($0.itemIDs, $0.sortOrders)) }, uniquingKeysWith: { _, b in b })
        let later = next.packs.map { pack in
            var pack = pack
            if pack.itemIDs == nil, let (ids, sorts) = orders[pack.id] {
                pack.itemIDs = ids
                pack.sortOrders = sorts
            }
            return pack
        }
        packs = packs.filter { !goneP.contains($0.id) && !newPacks.contains($0.id) } + later
        let back = newMusic.union(newItems)
        removed = removed.filter { !back.contains($0) && !gone.contains($0) } + next.removed
        removedPacks = removedPacks.filter { !newPacks.contains($0) && !goneP.contains($0) } + next.removedPacks
        header = DeltaHeader(
            from: header.from, to: next.header.to, fromIndex: header.fromIndex, toIndex: next.header.toIndex,
            vocabularies: next.header.vocabularies, loudness: next.header.loudness)
    }
}

/// The one key of a delta line.
private struct DeltaLineKey: Decodable {
    let key: String

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard c.allKeys.count == 1, let only = c.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "a delta line holds exactly one key"))
        }
        key = only.stringValue
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
