import Foundation

/// The URI encoding SigV4 and S3 use: every byte except `A-Z a-z 0-9 - . _ ~` as `%XX` (upper case).
///
/// ```swift
/// SigV4Encoding.encode("a b/ሴ")   // "a%20b%2F%E1%88%B4"
/// ```
package enum SigV4Encoding {
    package static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// An object key as a URL path: each `/`-separated segment encoded, the slashes kept.
    package static func encodePath(_ key: String) -> String {
        key.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
    }

    /// `name=value` pairs encoded, sorted by name then value, joined with `&`.
    package static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        let encoded: [(String, String)] = query.map { pair in (encode(pair.name), encode(pair.value)) }
        let sorted = encoded.sorted { (a: (String, String), b: (String, String)) -> Bool in
            a.0 == b.0 ? a.1 < b.1 : a.0 < b.0
        }
        return sorted.map { pair in pair.0 + "=" + pair.1 }.joined(separator: "&")
    }

    /// Removes `.` and `..` segments and empty inner segments; keeps a leading and a trailing slash.
    static func removingDotSegments(_ segments: [String]) -> [String] {
        var out: [String] = []
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".", "": if isLast, index > 0 { out.append("") }
            case "..":
                if !out.isEmpty { out.removeLast() }
                if isLast { out.append("") }
            default: out.append(segment)
            }
        }
        return [""] + out
    }
}
