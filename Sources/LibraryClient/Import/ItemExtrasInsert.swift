import CatalogFormat
import GRDB

/// What a first import writes beside each item's row: its sound figures (`item_sound`), its
/// attribution (`item_attribution`) and its takes and playback rule (`item_playback`), through
/// three prepared statements. The same rows as the records' `save` (``ItemSoundRecord``,
/// ``ItemAttributionRecord``, ``ItemPlaybackRecord``), at a fraction of the cost: a record's
/// `save` builds its persistence container and an UPDATE before the INSERT, per row, which took
/// more than half of a first sync of items as `packer build` writes them.
///
/// ```swift
/// let extras = try ItemExtrasInsert(db)
/// try extras.insert(ItemExtrasRows(item, id: canonicalID))
/// ```
struct ItemExtrasInsert {
    private let sound: BulkStatement
    private let attribution: BulkStatement
    private let playback: BulkStatement

    /// Statements inserting into the tables, or into their staging tables (`staged`).
    init(_ db: Database, staged: StagedTables? = nil) throws {
        let table = { (name: String) in staged?.name(of: name) ?? name }
        // Raw SQL: the first import's hot path (soundshelf-bench sync), one prepared INSERT per table.
        sound = try BulkStatement(
            db,
            """
            INSERT INTO \(table("item_sound"))(item_id, integrated, loudness_range, true_peak, momentary_max,
              loop_start, loop_end, peaks) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        attribution = try BulkStatement(
            db, "INSERT INTO \(table("item_attribution"))(item_id, license, credits, source) VALUES (?, ?, ?, ?)")
        playback = try BulkStatement(
            db, "INSERT INTO \(table("item_playback"))(item_id, takes, playback) VALUES (?, ?, ?)")
    }

    /// Inserts the rows an item calls for, made beforehand (``PreparedItem``).
    func insert(_ rows: ItemExtrasRows) throws {
        if let row = rows.sound {
            try sound.run {
                $0.bind(1, row.itemId)
                $0.bind(2, row.integrated)
                $0.bind(3, row.loudnessRange)
                $0.bind(4, row.truePeak)
                $0.bind(5, row.momentaryMax)
                $0.bind(6, row.loopStart)
                $0.bind(7, row.loopEnd)
                $0.bind(8, row.peaks)
            }
        }
        if let row = rows.attribution {
            try attribution.run {
                $0.bind(1, row.itemID)
                $0.bind(2, row.license)
                $0.bind(3, row.credits)
                $0.bind(4, row.source)
            }
        }
        if let row = rows.playback {
            try playback.run {
                $0.bind(1, row.itemId)
                $0.bind(2, row.takes)
                $0.bind(3, row.playback)
            }
        }
    }
}

/// The rows an item calls for beside its own (none of a kind the item states nothing of).
struct ItemExtrasRows: Sendable {
    var sound: ItemSoundRecord?
    var attribution: ItemAttributionRecord?
    var playback: ItemPlaybackRecord?

    init(_ item: Seed.Item, id: String) {
        sound = ItemSoundRecord(itemId: id, item)
        attribution = ItemAttributionRecord(itemID: id, item.attribution)
        var item = item
        item.id = id
        playback = ItemPlaybackRecord(item)
    }
}
