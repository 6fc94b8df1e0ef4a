/// The seed item's `"playback"` object for ``SeedFastDecoder``: the same ``Playback`` that
/// `JSONDecoder` gives, or a failure (then the caller decodes with `CatalogJSON`).
extension JSONByteScanner {
    static let playbackKeys = KeyTable(Playback.keys)

    mutating func playback() throws(Failure) -> Playback? {
        if null() { return nil }
        var result = Playback()
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(Self.playbackKeys, &first, &seen) {
            switch key {
            case 0:
                if null() { continue }
                guard let order = PlaybackOrder(rawValue: try string()) else { throw Failure() }
                result.order = order
            case 1: result.avoidRepeat = null() ? nil : try int()
            case 2: result.interval = try numbers()
            case 3: result.gain = try numbers()
            case 4: result.pitch = try numbers()
            default: try skipValue()
            }
        }
        return result
    }

    /// A `[Double]` that may be null.
    private mutating func numbers() throws(Failure) -> [Double]? {
        if null() { return nil }
        try beginArray()
        var result: [Double] = []
        var first = true
        while try nextElement(&first) { result.append(try double()) }
        return result
    }

    /// An `Int` that may be null.
    mutating func optionalInt() throws(Failure) -> Int? { null() ? nil : try int() }
}
