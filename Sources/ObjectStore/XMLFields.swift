import Foundation

/// Just enough XML for S3's answers: the texts of named elements, entities decoded. S3 error
/// and listing documents are flat and never use CDATA, so a scanner is all they need.
///
/// ```swift
/// XMLFields.first("Code", in: "<Error><Code>NoSuchBucket</Code></Error>")   // "NoSuchBucket"
/// ```
package enum XMLFields {
    /// The raw inner text of every `<name>…</name>` element, in order (not unescaped: use for blocks).
    package static func blocks(_ name: String, in text: String) -> [Substring] {
        var out: [Substring] = []
        let open = "<\(name)>"
        let close = "</\(name)>"
        var rest = text[...]
        while let start = rest.range(of: open), let end = rest.range(of: close, range: start.upperBound..<rest.endIndex)
        {
            out.append(rest[start.upperBound..<end.lowerBound])
            rest = rest[end.upperBound...]
        }
        return out
    }

    /// The unescaped text of the first `<name>` element.
    package static func first(_ name: String, in text: some StringProtocol) -> String? {
        blocks(name, in: String(text)).first.map { unescape(String($0)) }
    }

    package static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = text
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")] {
            out = out.replacingOccurrences(of: entity, with: value)
        }
        // Numeric references (&#13; &#x1F;) before &amp;, so "&amp;#38;" stays "&#38;".
        while let range = out.range(of: "&#[xX]?[0-9A-Fa-f]+;", options: .regularExpression) {
            let body = out[range].dropFirst(2).dropLast()
            let number = body.first == "x" || body.first == "X" ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
            out.replaceSubrange(range, with: number.flatMap { UnicodeScalar($0) }.map { String(Character($0)) } ?? "")
        }
        return out.replacingOccurrences(of: "&amp;", with: "&")
    }

    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
