import CatalogFormat
import GRDB

/// One row of `item_sound`: an item's loudness figures, loop region and waveform.
struct ItemSoundRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "item_sound"

    var itemId: String
    var integrated: Double?
    var loudnessRange: Double?
    var truePeak: Double?
    var momentaryMax: Double?
    var loopStart: Int64?
    var loopEnd: Int64?
    var peaks: String?

    // Hand-written, not SnakeCaseColumns: the import saves a row per item (a million at 1M
    // items), where a column strategy's cost per row would show (see SnakeCaseColumns).
    enum CodingKeys: String, CodingKey {
        case itemId = "item_id", integrated, loudnessRange = "loudness_range", truePeak = "true_peak"
        case momentaryMax = "momentary_max", loopStart = "loop_start", loopEnd = "loop_end", peaks
    }

    enum Columns {
        static let itemId = Column(CodingKeys.itemId)
    }

    /// A row from its columns.
    init(
        itemId: String, integrated: Double?, loudnessRange: Double?, truePeak: Double?, momentaryMax: Double?,
        loopStart: Int64?, loopEnd: Int64?, peaks: String?
    ) {
        self.itemId = itemId
        self.integrated = integrated
        self.loudnessRange = loudnessRange
        self.truePeak = truePeak
        self.momentaryMax = momentaryMax
        self.loopStart = loopStart
        self.loopEnd = loopEnd
        self.peaks = peaks
    }

    init?(itemId: String, _ item: Seed.Item) {
        guard item.loudness != nil || item.loop != nil || item.peaks != nil else { return nil }
        self.itemId = itemId
        integrated = item.loudness?.integrated
        loudnessRange = item.loudness?.range
        truePeak = item.loudness?.truePeak
        momentaryMax = item.loudness?.momentaryMax
        loopStart = item.loop?.start
        loopEnd = item.loop?.end
        peaks = item.peaks
    }

    /// The figures as the seed gave them.
    var sound: ItemSound {
        let loudness = truePeak.map {
            Loudness(integrated: integrated, range: loudnessRange ?? 0, truePeak: $0, momentaryMax: momentaryMax ?? 0)
        }
        let loop = loopStart.flatMap { start in loopEnd.map { LoopRegion(start: start, end: $0) } }
        return ItemSound(loudness: loudness, loop: loop, peaks: peaks)
    }
}

/// One row of `loudness_target`: the level a kind is normalized to.
struct LoudnessTargetRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "loudness_target"

    var kind: String
    var lufs: Double

    enum Columns {
        static let kind = Column(CodingKeys.kind)
    }

    /// The stored targets, or the defaults when the catalog gave none.
    static func targets(_ db: Database) throws -> LoudnessTargets {
        var targets = LoudnessTargets.defaults
        for record in try fetchAll(db) {
            if record.kind == Kind.atmosphere.rawValue { targets.atmosphere = record.lufs }
            if record.kind == Kind.sfx.rawValue { targets.sfx = record.lufs }
        }
        return targets
    }
}
