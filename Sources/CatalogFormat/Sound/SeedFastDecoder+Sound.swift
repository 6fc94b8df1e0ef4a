/// The seed's sound keys for ``SeedFastDecoder``: an item's `loudness`, `loop` and `peaks`,
/// and the top-level loudness targets; each read exactly as `JSONDecoder` would (null or
/// missing optional keys are nil, a missing required key makes the fast path give up).
extension KeyTable {
    static let loudness = KeyTable(["integrated", "range", "truePeak", "momentaryMax"])
    static let loop = KeyTable(["start", "end"])
    static let targets = KeyTable(["atmosphere", "sfx"])
}

extension JSONByteScanner {
    mutating func optionalLoudness() throws(Failure) -> Loudness? {
        if null() { return nil }
        var values: [Double?] = [nil, nil, nil, nil]
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.loudness, &first, &seen) {
            if key < 0 {
                try skipValue()
            } else if key == 0 && null() {
                values[0] = nil
            } else {
                values[key] = try double()
            }
        }
        guard let range = values[1], let truePeak = values[2], let momentaryMax = values[3] else { throw Failure() }
        return Loudness(integrated: values[0], range: range, truePeak: truePeak, momentaryMax: momentaryMax)
    }

    mutating func optionalLoop() throws(Failure) -> LoopRegion? {
        if null() { return nil }
        var values: [Int?] = [nil, nil]
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.loop, &first, &seen) {
            if key < 0 { try skipValue() } else { values[key] = try int() }
        }
        guard let start = values[0], let end = values[1] else { throw Failure() }
        return LoopRegion(start: Int64(start), end: Int64(end))
    }

    mutating func optionalTargets() throws(Failure) -> LoudnessTargets? {
        if null() { return nil }
        var values: [Double?] = [nil, nil]
        var first = true
        var seen: UInt64 = 0
        try beginObject()
        while let key = try nextKey(.targets, &first, &seen) {
            if key < 0 { try skipValue() } else { values[key] = try double() }
        }
        guard let atmosphere = values[0], let sfx = values[1] else { throw Failure() }
        return LoudnessTargets(atmosphere: atmosphere, sfx: sfx)
    }
}
