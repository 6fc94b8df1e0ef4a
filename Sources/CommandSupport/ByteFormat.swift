/// Byte counts for people, in decimal units: `"512 B"`, `"12.3 MB"`. The one formatter the
/// three tools use (tables, progress bars, summaries).
///
/// ```swift
/// ByteFormat.string(12_345_678)   // "12.3 MB"
/// ```
public enum ByteFormat {
    public static func string(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}
