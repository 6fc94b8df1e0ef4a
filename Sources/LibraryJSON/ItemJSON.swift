import CatalogFormat
import LibraryClient

/// `{"id","kind","title","subtitle","duration","packId","available","favorite","takes","playback","license","peaks"}`
/// with explicit nulls (`takes` is the number of recordings, `playback` the rule with defaults filled in,
/// `peaks` the first take's waveform);
/// an item the catalog no longer lists is not available.
package struct ItemJSON: Encodable {
    package let row: LibraryItemRow

    package init(row: LibraryItemRow) { self.row = row }

    enum Keys: String, CodingKey {
        case id, kind, title, subtitle, duration, packId, available, favorite, takes, playback, license, peaks
    }

    package func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(row.takeCount, forKey: .takes)
        try c.encode(PlaybackJSON((row.playback ?? Playback()).resolved(takes: row.takeCount)), forKey: .playback)
        try c.encode(row.peaks, forKey: .peaks)
    }

    /// The keys list rows and `show` share.
    func encodeFields(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(row.id, forKey: .id)
        try c.encode(row.kind.rawValue, forKey: .kind)
        try c.encode(row.title, forKey: .title)
        try c.encode(row.subtitle, forKey: .subtitle)
        try c.encode(row.duration, forKey: .duration)
        try c.encode(row.packID, forKey: .packId)
        try c.encode(row.isAvailable, forKey: .available)
        try c.encode(row.isFavorite, forKey: .favorite)
        try c.encode(row.license, forKey: .license)
    }
}

/// `{"total": N, "items": [...], "nextCursor": "…"|null}` for list, search and favorites.
package struct ItemPageJSON: Encodable {
    package let total: Int
    package let items: [ItemJSON]
    package let nextCursor: String?

    package init(_ page: ItemPage) {
        total = page.total
        items = page.items.map(ItemJSON.init(row:))
        nextCursor = page.nextCursor?.string
    }

    enum CodingKeys: String, CodingKey { case total, items, nextCursor }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(total, forKey: .total)
        try c.encode(items, forKey: .items)
        try c.encode(nextCursor, forKey: .nextCursor)
    }
}

/// The `tags`/`facets` object: one key per dimension the kind may use (`locations`, `moods`,
/// `themes`, `creatureTypes`).
package struct DimensionKeyed<Value: Encodable>: Encodable {
    package let entries: [(TagDimension, Value)]

    package init(entries: [(TagDimension, Value)]) { self.entries = entries }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for (dim, value) in entries { try c.encode(value, forKey: Key(stringValue: dim.tagsKey)) }
    }
}

/// `client show` of an item.
package struct ItemDetailJSON: Encodable {
    package let detail: ItemDetail

    package init(detail: ItemDetail) { self.detail = detail }

    enum Keys: String, CodingKey {
        case tags, availability, loopable, takes, playback, credits, source, loudness, gain, loop, peaks, ucs
        case appleMusicPlaylistId
    }

    package func encode(to encoder: any Encoder) throws {
        try ItemJSON(row: detail.item).encodeFields(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        let tags = detail.item.kind.dimensions.map { ($0, detail.tags[$0] ?? []) }
        try c.encode(DimensionKeyed(entries: tags), forKey: .tags)
        try c.encode(detail.availability.rawValue, forKey: .availability)
        try c.encode(detail.isLoopable, forKey: .loopable)
        try ItemTakesJSON(detail: detail).encode(into: &c, takes: .takes, playback: .playback)
        // "license" comes with the item's own keys (ItemJSON).
        try c.encode(detail.credits, forKey: .credits)
        try c.encode(detail.source, forKey: .source)
        // How it sounds: figures or null, the gain toward the catalog's target, loop and waveform.
        try c.encode(detail.sound?.loudness, forKey: .loudness)
        try c.encode(detail.gain, forKey: .gain)
        try c.encode(detail.sound?.loop, forKey: .loop)
        try c.encode(detail.sound?.peaks, forKey: .peaks)
        try c.encode(detail.ucs, forKey: .ucs)
        // A music entry's playlist, for a link that opens it.
        try c.encodeIfPresent(detail.appleMusicPlaylistID, forKey: .appleMusicPlaylistId)
    }
}
