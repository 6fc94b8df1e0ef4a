import CatalogFormat
import Foundation

/// ISO-8601 UTC timestamps as the database stores them (`2026-11-22T10:00:00Z`).
///
/// ```swift
/// Timestamp.now()   // "2026-11-22T10:00:00Z"
/// ```
enum Timestamp {
    static func now() -> String { string(from: Date()) }

    static func string(from date: Date) -> String { ISO8601.string(date) }
}
