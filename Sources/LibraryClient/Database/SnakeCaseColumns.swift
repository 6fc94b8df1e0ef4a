import GRDB

/// A record whose columns are its property names in snake_case (`itemId` ↔ `item_id`,
/// `lastSeenAt` ↔ `last_seen_at`), through GRDB's column coding strategies instead of
/// hand-written `CodingKeys`; its `Columns` name the columns as strings.
///
/// snake_case loses the case of a word a property writes in capitals, so a record names those
/// words in ``capitalizedWords``: with `["ID", "URL"]`, `track_id` is `trackID` and `artwork_url`
/// is `artworkURL` (GRDB's own `.convertFromSnakeCase` would look for `trackId` and `artworkUrl`).
///
/// ```swift
/// struct TrackRow: Codable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
///     static let capitalizedWords = ["ID", "URL"]
///     var trackID: String        // track_id
///     var artworkURL: String?    // artwork_url
///     var lastSeenAt: String     // last_seen_at
/// }
/// ```
///
/// Saving through the strategy below costs a little more than hand-written keys (about 1 µs a row
/// of eight columns); decoding through any column strategy costs GRDB a column map for each row,
/// so fetching takes two to three times as long (about 0.3 µs more per column of each row; release
/// build). The records the import saves a row of per item, a million at 1M items
/// (``ItemSoundRecord``, ``ItemAttributionRecord``, ``ItemPlaybackRecord``; the last two are also
/// read back whole), keep their `CodingKeys` for that reason.
package protocol SnakeCaseColumns: FetchableRecord, EncodableRecord {
    /// The words the property names write all in capitals (`"ID"`, `"URL"`, `"SHA256"`); none by
    /// default.
    static var capitalizedWords: [String] { get }
}

extension SnakeCaseColumns {
    package static var capitalizedWords: [String] { [] }

    package static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy {
        let words = capitalizedWords
        return .custom { SnakeCase.Key(stringValue: SnakeCase.key(forColumn: $0, capitalizedWords: words)) }
    }

    package static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy {
        .custom { SnakeCase.column(forKey: $0.stringValue) }
    }
}

/// The name conversions behind ``SnakeCaseColumns``.
enum SnakeCase {
    /// The column of a coding key, named as GRDB's `.convertToSnakeCase` names it: an underscore
    /// where a word starts (after a lower-case letter or a digit, or at the last capital of a run
    /// followed by a lower-case letter), every letter lower-cased: `itemId` → `item_id`,
    /// `artworkURL` → `artwork_url`, `seedSHA256` → `seed_sha256`. Byte by byte: GRDB's version
    /// scans Foundation character sets, which about doubles the cost of inserting a record.
    static func column(forKey key: String) -> String {
        let bytes = Array(key.utf8)
        var column: [UInt8] = []
        column.reserveCapacity(bytes.count + 4)
        for (index, byte) in bytes.enumerated() {
            guard isUpper(byte) else {
                column.append(byte)
                continue
            }
            if index > 0 {
                let after = index + 1 < bytes.count ? bytes[index + 1] : 0
                if !isUpper(bytes[index - 1]) || isLower(after) { column.append(UInt8(ascii: "_")) }
            }
            column.append(byte | 0x20)
        }
        return String(decoding: column, as: UTF8.self)
    }

    /// The coding key of a column: the words after the first capitalized (`last_seen_at` →
    /// `lastSeenAt`), or written all in capitals when `capitalizedWords` names them
    /// (`track_id` → `trackID` with `["ID"]`).
    static func key(forColumn column: String, capitalizedWords: [String]) -> String {
        var key = ""
        for (index, word) in column.split(separator: "_").enumerated() {
            if index == 0 {
                key += word
            } else if let capitals = capitalizedWords.first(where: { $0.lowercased() == word }) {
                key += capitals
            } else {
                key += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return key
    }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
}
