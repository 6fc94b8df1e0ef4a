/// A Vorbis comment block (FLAC's VORBIS_COMMENT, Ogg Vorbis, Opus and FLAC-in-Ogg comment
/// headers): a vendor string, then `NAME=value` entries, every length 32-bit little-endian.
enum VorbisComments {
    private static let maxEntries = 10_000

    /// Adds each entry of the block at `start` of `bytes` to `tags`; a length that runs past the
    /// block stops the reading with a warning naming `where`.
    static func read(_ bytes: [UInt8], at start: Int, where place: String, into tags: inout EmbeddedMetadata) {
        var index = start
        func field() -> ArraySlice<UInt8>? {
            guard index >= 0, index + 4 <= bytes.count else { return nil }
            let length = Int(bytes.le32(index))
            guard length <= bytes.count - index - 4 else { return nil }
            defer { index += 4 + length }
            return bytes[(index + 4)..<(index + 4 + length)]
        }
        guard field() != nil, index + 4 <= bytes.count else {
            tags.warnings.append("the Vorbis comments \(place) are cut short; ignored")
            return
        }
        let count = Int(bytes.le32(index))
        index += 4
        for _ in 0..<min(count, maxEntries) {
            guard let entry = field() else {
                tags.warnings.append("the Vorbis comments \(place) are cut short; the rest is ignored")
                return
            }
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: entry[entry.startIndex..<equals], as: UTF8.self)
            tags.addFormatTag(name, String(decoding: entry[(equals + 1)...], as: UTF8.self))
        }
    }
}
