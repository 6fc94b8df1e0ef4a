import Foundation

/// Human-readable sizes, durations and counts for the catalog page.
///
/// ```swift
/// PageFormat.size(1_234_567)        // "1.2 MB"
/// PageFormat.size(800_000)          // "800 kB"
/// PageFormat.timestamp("2026-11-22T10:00:00Z")   // "2026-11-22 10:00 UTC"
/// PageFormat.duration(2.5)          // "2.5 s"
/// PageFormat.duration(3600)         // "1:00:00"
/// PageFormat.count(1, "item")       // "1 item"
/// ```
enum PageFormat {
    /// Decimal units (1 kB = 1000 bytes): one decimal place below 100 ("1.2 MB"), none above ("800 kB").
    static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB", "PB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return value >= 99.95
            ? String(format: "%.0f %@", value, units[unit]) : String(format: "%.1f %@", value, units[unit])
    }

    /// `2026-11-22T10:00:00Z` as "2026-11-22 10:00 UTC"; any other text as it is.
    static func timestamp(_ iso: String) -> String {
        let match = iso.wholeMatch(of: /(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?Z/)
        return match.map { "\($0.output.1) \($0.output.2) UTC" } ?? iso
    }

    /// Seconds under a minute as "2.5 s"; longer as "m:ss" or "h:mm:ss".
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "" }
        if seconds < 60 {
            let tenths = (seconds * 10).rounded() / 10
            return tenths == tenths.rounded() ? "\(Int(tenths)) s" : String(format: "%.1f s", tenths)
        }
        let total = Int(seconds.rounded())
        let h = total / 3600
        let m = (total % 3600) / 60
        let s = total % 60
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    /// "0 items", "1 item", "3 items".
    static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }

    /// A fragment-safe anchor for a pack id: letters, digits and `-` only.
    static func anchor(_ prefix: String, _ id: String) -> String {
        let safe = id.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "-" }
        return prefix + "-" + String(safe)
    }
}
