import CatalogFormat

/// The `credits` column's text, written by hand: byte for byte what `JSONEncoder` (sorted keys,
/// slashes unescaped) writes for `[Credit]` — `[{"name":"…","role":null,"url":"…"}]` — at a
/// fraction of its cost (the encoder took a tenth of a first sync of items that all carry credits).
///
/// ```swift
/// CreditsJSON.text([Credit(name: "Ada", role: "recording")])   // [{"name":"Ada","role":"recording","url":null}]
/// ```
enum CreditsJSON {
    static func text(_ credits: [Credit]) -> String {
        var out = "["
        for (i, credit) in credits.enumerated() {
            if i > 0 { out += "," }
            out += "{\"name\":"
            append(credit.name, to: &out)
            out += ",\"role\":"
            append(credit.role, to: &out)
            out += ",\"url\":"
            append(credit.url, to: &out)
            out += "}"
        }
        return out + "]"
    }

    /// `value` as a JSON string (or `null`), escaped as JSONEncoder escapes.
    static func append(_ value: String?, to out: inout String) {
        guard let value else {
            out += "null"
            return
        }
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
