import Foundation

/// ISO-8601 times as catalog.json writes them (`2026-11-22T10:00:00Z`).
///
/// ```swift
/// ISO8601.string(Date(timeIntervalSince1970: 0))   // "1970-01-01T00:00:00Z"
/// ```
public enum ISO8601 {
    public static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    public static func date(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
