import Foundation

/// Tag-name rules: names are Unicode NFC, trimmed, with inner runs of white space
/// folded to one space. `foldingKey` is what two names must share to count as "the same name"
/// for the typo guard (case-, diacritic- and punctuation-folded).
///
/// ```swift
/// TagName.normalize("  Hero’s   Journey ")   // "Hero’s Journey"
/// TagName.foldingKey("hero's journey") == TagName.foldingKey("Hero’s Journey")   // true
/// ```
public enum TagName {
    /// NFC, trimmed, inner white space folded to one space.
    public static func normalize(_ raw: String) -> String {
        // ASCII is its own NFC, and Foundation's normalization costs a fresh process a moment.
        let nfc = raw.utf8.allSatisfy({ $0 < 0x80 }) ? raw : raw.precomposedStringWithCanonicalMapping
        return nfc.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Case-folded, diacritic-folded, with every punctuation, symbol and space removed.
    public static func foldingKey(_ name: String) -> String {
        let folded = normalize(name).folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return String(
            String.UnicodeScalarView(
                folded.unicodeScalars.filter {
                    CharacterSet.alphanumerics.contains($0)
                }))
    }

    /// Levenshtein distance between the case-folded forms of two names, giving up (returning
    /// `limit + 1`) once the distance is known to exceed `limit`.
    public static func editDistance(_ a: String, _ b: String, limit: Int = 2) -> Int {
        let x = Array(normalize(a).lowercased())
        let y = Array(normalize(b).lowercased())
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
