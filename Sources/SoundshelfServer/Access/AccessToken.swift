import Foundation

/// The token `client serve` asks of every request when it listens beyond loopback: made at start
/// (256 random bits, base64url) or given with `--token`, and compared in constant time.
package enum AccessToken {
    /// A new token: 32 bytes from the system's secure generator, base64url without padding (43 characters).
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Why `token` cannot be used (it must fit in a cookie and a URL unchanged), or nil when it can:
    /// printable ASCII without spaces, quotes, commas, semicolons or backslashes.
    package static func problem(with token: String) -> String? {
        if token.isEmpty { return "the token is empty" }
        let refused = token.unicodeScalars.first { !allowed.contains($0) }
        guard let refused else { return nil }
        let shown = refused.isASCII && refused.value >= 0x21 ? "'\(refused)'" : "U+\(String(refused.value, radix: 16))"
        return "the token holds \(shown); use letters, digits and punctuation other than \" , ; \\"
    }

    /// RFC 6265's cookie-octet: visible ASCII but `"`, `,`, `;` and `\`.
    static let allowed: CharacterSet = {
        var set = CharacterSet(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))
        set.remove(charactersIn: "\",;\\")
        return set
    }()

    /// Whether `candidate` equals `token`, in time that depends on the token's length only (never on
    /// where the first difference is), so a client cannot guess the token byte by byte by timing.
    package static func matches(_ candidate: String, _ token: String) -> Bool {
        let given = Array(candidate.utf8)
        let expected = Array(token.utf8)
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        for index in expected.indices {
            let byte = index < given.count ? given[index] : 0
            difference |= byte ^ expected[index]
        }
        return difference == 0
    }

    /// The token in a URL's query (`?token=…`), percent-encoded where a query needs it.
    package static func query(_ token: String) -> String {
        var unreserved = CharacterSet.alphanumerics
        unreserved.insert(charactersIn: "-._~")
        return "token=" + (token.addingPercentEncoding(withAllowedCharacters: unreserved) ?? token)
    }
}
