import Foundation

/// JSON on one line with sorted keys and unescaped slashes: a shard's or a delta's lines.
///
/// ```swift
/// let line = try CompactJSON.encode(entry)   // {"id":"…","title":"…"}
/// ```
public enum CompactJSON {
    /// `value` as one line of JSON, keys sorted, slashes unescaped.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
