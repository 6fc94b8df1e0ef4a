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

    /// A size people write: `2000000`, `500MB`, `1.5 GB` (decimal), `2GiB` (binary), `700 KiB`;
    /// nil when it is not one.
    ///
    /// ```swift
    /// ByteFormat.parse("1.5 GB")   // 1_500_000_000
    /// ```
    public static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let factors: [String: Double] = [
            "": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12, "k": 1e3, "m": 1e6, "g": 1e9,
            "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824, "tib": 1_099_511_627_776,
        ]
        guard let value = Double(digits), value >= 0, let factor = factors[unit] else { return nil }
        let bytes = (value * factor).rounded()
        return bytes < 9.2e18 ? Int64(bytes) : nil
    }
}
