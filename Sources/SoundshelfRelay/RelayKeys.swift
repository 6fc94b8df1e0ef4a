import Foundation
import SoundshelfServer

/// The keys a game master's `client serve` must present to open a session (`Authorization:
/// Bearer KEY` on the WebSocket upgrade): one a line in the key file, blank lines and `#`
/// comments skipped, each compared in constant time.
///
/// ```swift
/// let keys = try RelayKeys(file: "/etc/soundshelf/relay.keys")
/// keys.accepts("…")  // true for a line of the file
/// ```
package struct RelayKeys: Sendable {
    /// The shortest key taken (a key is a password anyone on the internet may try).
    package static let minimumLength = 16

    let keys: [String]

    package init(keys: [String]) { self.keys = keys }

    /// Reads the keys of `file`; throws ``RelayError/keyFile(path:reason:)`` when it cannot be read,
    /// holds no key, or a key is shorter than ``minimumLength``.
    package init(file: String) throws {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw RelayError.keyFile(path: file, reason: "cannot be read (\(error.localizedDescription))")
        }
        var keys: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard line.count >= Self.minimumLength, AccessToken.problem(with: line) == nil else {
                throw RelayError.keyFile(
                    path: file,
                    reason:
                        "line \(number + 1): a key is at least \(Self.minimumLength) printable characters without spaces, quotes, commas, semicolons or backslashes"
                )
            }
            keys.append(line)
        }
        guard !keys.isEmpty else { throw RelayError.keyFile(path: file, reason: "holds no key (one a line)") }
        self.keys = keys
    }

    /// Whether `candidate` is one of the keys.
    package func accepts(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        var found = false
        for key in keys where AccessToken.matches(candidate, key) { found = true }
        return found
    }
}
