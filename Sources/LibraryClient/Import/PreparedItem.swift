import CatalogFormat

/// What a streamed import can work out for an item from the item and its pack alone, on the
/// seed's reading thread (``SeedStreamPipe``) while the database writes the items before it:
/// its id in canonical form, its title and tags checked, and for a first import the rows written
/// beside it.
///
/// ```swift
/// var preparation = ItemPreparation(file: "seeds/ab12.json", rows: true)
/// try preparation.pack(pack, index: 0)
/// let prepared = try preparation.prepare(item, pack: 0, index: 0)   // prepared.id, prepared.extras
/// ```
struct PreparedItem: Sendable {
    /// The item's id in canonical form.
    var id: String
    /// Its sound figures, attribution and playback rows (a first import's only).
    var extras: ItemExtrasRows?
}

/// The checks and encoding behind ``PreparedItem``, with the kinds of the packs seen so far.
struct ItemPreparation: SeedItemPreparer {
    /// A validator of its own: the reading thread's cache of names found normal.
    let validator: SeedValidator
    /// Whether to encode the rows beside each item (a first import writes them as they come).
    let rows: Bool
    private var kinds: [Kind] = []

    init(file: String, rows: Bool) {
        validator = SeedValidator(file: file)
        self.rows = rows
    }

    mutating func pack(_ pack: Seed.Pack, index: Int) throws { noteKind(pack.kind, ofPack: index) }

    /// The kind of pack number `index` (packs come in order).
    mutating func noteKind(_ kind: Kind, ofPack index: Int) {
        if index == kinds.count { kinds.append(kind) }
    }

    func prepare(_ item: Seed.Item, pack p: Int, index i: Int) throws -> PreparedItem {
        let path = "$.packs[\(p)].items[\(i)]"
        let id = try validator.canonicalForm(item.id) { path }
        try validator.checkTitle(item.title, path: { path }, id: id)
        guard p < kinds.count else { throw SeedStreamError.unsure }
        try validator.checkTags(item.tags, kind: kinds[p], path: { "\(path).tags" }, id: id)
        return PreparedItem(id: id, extras: rows ? ItemExtrasRows(item, id: id) : nil)
    }
}
