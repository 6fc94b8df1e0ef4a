import CatalogFormat
import FacetEngine
import GRDB

/// Writes an import straight from ``SeedStreamReader`` (through ``SeedStreamPipe``, which parses
/// and prepares each item on a second thread), inside the caller's transaction: each
/// entry is validated and written (item, membership, tags, sound figures, credits, playback) as
/// it is parsed, so memory stays flat however many items the seed holds.
///
/// Into an empty catalog (a first import) items are numbered in seed order and added to the
/// facet index in the same pass; an id used twice is caught by the `library_item` primary key
/// and reported at the entry that repeats it. Into a catalog already imported (`updating`), each
/// entry is compared with its stored row and written only where it changed (``SeedStreamUpdate``).
///
/// ```swift
/// var writer = try SeedStreamWriter(db, file: "seeds/ab12.json", now: Timestamp.now(), updating: false)
/// try SeedStreamPipe.read(path: seedPath, into: &writer, preparer: writer.preparer())
/// let summary = try writer.finish(index: { prebuild.hold($0) })
/// ```
struct SeedStreamWriter: PreparedSeedStreamHandler {
    typealias Preparer = ItemPreparation
    let db: Database
    let validator: SeedValidator
    let rows: SeedWriter
    private var dimensions: DimensionIDs?
    private(set) var bulk: BulkStatements?
    private var deferred: DeferredIndexes?
    private var staged: StagedTables?
    private var checks = SeedStreamChecks()
    private var builder = FacetIndex.Builder()
    private var nextNumber: Int64 = 1
    private var packs: [(id: String, kind: Kind, title: String)] = []
    var summary = ImportSummary(didWrite: true)
    /// Set when `updating`: the comparison with the stored rows.
    let update: SeedStreamUpdate?
    /// Set for a first import: the rows beside each item, by prepared statement.
    private var extras: ItemExtrasInsert?
    /// Prepares items handed over by ``SeedStreamReader`` directly (not through the pipe).
    private var direct: ItemPreparation

    init(_ db: Database, file: String, now: String, updating: Bool) throws {
        self.db = db
        validator = SeedValidator(file: file)
        let empty = Seed(catalogVersion: 0, vocabularies: Vocabularies(), music: [], packs: [])
        rows = SeedWriter(seed: empty, file: file, now: now)
        update = updating ? try SeedStreamUpdate(db, rows: rows) : nil
        direct = ItemPreparation(file: file, rows: !updating)
    }

    mutating func begin(_ header: Seed) throws {
        guard header.schemaVersion == 1 else {
            throw validator.fail(
                "schemaVersion \(header.schemaVersion) is not supported (this client reads 1); update the client",
                "$.schemaVersion")
        }
        for dim in TagDimension.allCases {
            for (i, entry) in header.vocabularies.entries(for: dim).enumerated() {
                try validator.checkName(entry.name, path: { "$.vocabularies.\(dim.vocabularyKey)[\(i)].name" }, id: nil)
            }
        }
        dimensions = try DimensionIDs(db, vocabularies: header.vocabularies)
        if update == nil {
            deferred = try DeferredIndexes.drop(db)
            staged = try StagedTables.create(db)
        }
        // Prepared after the DDL above: a schema change empties GRDB's statement cache.
        bulk = try BulkStatements(db, staged: staged)
        if update == nil { extras = try ItemExtrasInsert(db, staged: staged) }
        for (i, entry) in header.music.enumerated() {
            let path = "$.music[\(i)]"
            let id = try validator.canonicalForm(entry.id) { path }
            try validator.checkTitle(entry.title, path: { path }, id: id)
            try checks.playlists(of: entry, id: id, path: path, validator)
            try validator.checkTags(entry.tags, kind: .music, path: { "\(path).tags" }, id: id)
            let item = DesiredItem(
                id: id, kind: .music, title: entry.title, subtitle: entry.subtitle, duration: entry.duration,
                artworkURL: entry.artworkURL, packId: nil, packTitle: nil, sortOrder: 0,
                playlistId: entry.appleMusicPlaylistId, spotifyPlaylistId: entry.spotifyPlaylistId,
                tags: try dimensions!.ids(for: entry.tags, kind: .music, db), origin: .music(i))
            try insert(item)
            try update?.extras(of: nil, id: id)
        }
    }

    mutating func pack(_ pack: Seed.Pack, index: Int) throws {
        let path = "$.packs[\(index)]"
        var pack = pack
        pack.id = try validator.canonicalForm(pack.id) { path }
        let update = self.update
        try checks.pack(pack, path: path, validator) { id in
            // An entry written before this pack: in an update, only one the seed listed counts.
            try update?.isListed(id) ?? LibraryItemRecord.exists(db, key: id)
        }
        if let update {
            try update.pack(pack, path: path, &summary)
        } else {
            try rows.writePack(pack, db, insert: true)
            summary.inserted += 1
        }
        packs.append((pack.id, pack.kind, pack.title))
        try direct.pack(pack, index: index)
    }

    /// Makes a stored pack that the entries to come belong to known without writing it (a delta's
    /// item whose pack did not change); returns its index for ``item(_:pack:index:)``.
    mutating func storedPack(id: String, kind: Kind, title: String) -> Int {
        packs.append((id, kind, title))
        direct.noteKind(kind, ofPack: packs.count - 1)
        return packs.count - 1
    }

    /// The checks and rows the reading thread can make of each item (``SeedStreamPipe``).
    func preparer() -> ItemPreparation { ItemPreparation(file: validator.file, rows: update == nil) }

    /// An item read on this thread (``SeedStreamReader`` without the pipe): prepared here.
    mutating func item(_ item: Seed.Item, pack p: Int, index i: Int) throws {
        try self.item(item, prepared: try direct.prepare(item, pack: p, index: i), pack: p, index: i)
    }

    mutating func item(_ item: Seed.Item, prepared: PreparedItem, pack p: Int, index i: Int) throws {
        let path = "$.packs[\(p)].items[\(i)]"
        var item = item
        item.id = prepared.id
        try checks.item(item.id, path: path, validator)
        let pack = packs[p]
        let desired = DesiredItem(
            id: item.id, kind: pack.kind, title: item.title, subtitle: item.subtitle, duration: item.duration,
            artworkURL: nil, packId: pack.id, packTitle: pack.title, sortOrder: item.sortOrder, playlistId: nil,
            ucs: item.ucs, tags: try dimensions!.ids(for: item.tags, kind: pack.kind, db), origin: .packItem(p, i))
        try insert(desired)
        if let update {
            try update.extras(of: item, id: item.id)
            return
        }
        if let rows = prepared.extras { try extras?.insert(rows) }
    }

    mutating func end(loudness: LoudnessTargets?) throws {
        try LoudnessTargetRecord.deleteAll(db)
        if let loudness {
            try LoudnessTargetRecord(kind: Kind.atmosphere.rawValue, lufs: loudness.atmosphere).insert(db)
            try LoudnessTargetRecord(kind: Kind.sfx.rawValue, lufs: loudness.sfx).insert(db)
        }
    }

    private mutating func insert(_ item: DesiredItem) throws {
        guard let bulk else { return }
        if let update {
            try update.place(item, bulk, validator, &summary)
            return
        }
        let number = nextNumber
        do {
            try rows.insertItem(item, number: number, bulk, db)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw validator.fail(
                "id \(item.id) appears twice in the seed; every item and pack needs its own id", "\(item.path).id")
        }
        try rows.insertTags(of: item, bulk)
        builder.add(item: UInt32(number), kind: item.kind, visible: true, tags: item.tags)
        nextNumber += 1
        summary.inserted += 1
    }

    /// After the reader is done: the buffered rows; then for a first import the secondary
    /// indexes, the search table and the facet index of exactly the rows written, for an update
    /// what the seed no longer lists hidden (the facet index is then rebuilt after the commit).
    /// A first import's facet index goes to `index` as soon as every row is written, laid out from
    /// the builder's own arrays, before SQLite's sorts and indexes need their memory.
    mutating func finish(index: (FacetIndex) -> Void = { _ in }) throws -> ImportSummary {
        guard let bulk else { throw SeedStreamError.unsure }
        try bulk.flush()
        if let update {
            summary.hidden = try update.hideMissing(now: rows.now)
            if summary.hasChanges || update.takesChanged { try CatalogStateRecord.bumpGeneration(db) }
            return summary
        }
        index(builder.take())
        FreedMemory.giveBack()
        try SeedWriter.finishBulkLoad(deferred, staged: staged, db)
        if summary.hasChanges { try CatalogStateRecord.bumpGeneration(db) }
        return summary
    }
}
