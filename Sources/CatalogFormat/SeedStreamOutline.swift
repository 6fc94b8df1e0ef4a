/// Everything in a seed but the packs' items, as the first pass of ``SeedStreamReader`` reads it.
struct SeedStreamOutline {
    var schemaVersion: Int?
    var catalogVersion: Int?
    var vocabularies: Vocabularies?
    var music: [Seed.MusicEntry]?
    var loudness: LoudnessTargets?
    /// Each pack's own fields, `items` empty.
    var packs: [Seed.Pack] = []
    var havePacks = false

    /// Reads the value of top-level key number `key` of ``KeyTable/seed`` (anything but `packs`).
    mutating func read(_ key: Int, _ s: inout JSONByteScanner) throws(JSONByteScanner.Failure) {
        switch key {
        case 0: schemaVersion = try s.int()
        case 1: catalogVersion = try s.int()
        case 2: vocabularies = try s.vocabularies()
        case 3: music = try s.array { (e: inout JSONByteScanner) throws(JSONByteScanner.Failure) in try e.musicEntry() }
        case 5: loudness = try s.optionalTargets()
        default: try s.skipValue()
        }
    }

    /// The seed without packs, once every required member was read.
    var header: Seed? {
        guard let schemaVersion, let catalogVersion, let vocabularies, let music, havePacks else { return nil }
        return Seed(
            schemaVersion: schemaVersion, catalogVersion: catalogVersion, vocabularies: vocabularies, music: music,
            packs: [], loudness: loudness)
    }
}
