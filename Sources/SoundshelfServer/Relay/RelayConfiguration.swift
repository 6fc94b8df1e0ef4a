import Foundation

/// Where a game master's `client serve` relays listening along (`--relay URL --relay-key-file F`):
/// the relay's public address and the key it asks of owners.
///
/// ```swift
/// let relay = try RelayConfiguration(url: "https://relay.example.org", keyFile: "relay.key")
/// relay.listenURL(session: "…", token: "listen_…")  // https://relay.example.org/s/…/listen?token=…
/// ```
package struct RelayConfiguration: Sendable {
    /// The relay's address as players reach it (`http(s)://host[:port][/path]`, no trailing slash).
    package let base: String
    package let key: String

    package init(url: String, key: String) throws {
        var text = url.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("/") { text.removeLast() }
        guard let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            parsed.host?.isEmpty == false, parsed.query == nil, parsed.fragment == nil
        else { throw RelayLinkError.badURL(url) }
        if let problem = AccessToken.problem(with: key) { throw RelayLinkError.badKey(problem) }
        base = text
        self.key = key
    }

    /// Reads the key from `keyFile` (its first line that is not blank or a `#` comment).
    package init(url: String, keyFile: String) throws {
        let text: String
        do { text = try String(contentsOfFile: keyFile, encoding: .utf8) } catch {
            throw RelayLinkError.keyFile(path: keyFile, reason: "cannot be read (\(error.localizedDescription))")
        }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let key = lines.first(where: { !$0.isEmpty && !$0.hasPrefix("#") }) else {
            throw RelayLinkError.keyFile(path: keyFile, reason: "holds no key")
        }
        try self.init(url: url, key: key)
    }

    /// The owner's WebSocket for `session`: `ws(s)://…/s/{session}/owner` (the session in the path,
    /// as in its players' links, so a proxy in front of several relays sends them all to one).
    func socketURL(session: String) -> String {
        (base.lowercased().hasPrefix("https:") ? "wss:" + base.dropFirst(6) : "ws:" + base.dropFirst(5))
            + "/s/\(session)/owner"
    }

    /// A player's listen link on the relay.
    package func listenURL(session: String, token: String) -> String {
        "\(base)/s/\(session)/listen?" + AccessToken.query(token)
    }
}

/// Why `client serve` cannot relay.
package enum RelayLinkError: Error, Equatable, CustomStringConvertible {
    case badURL(String)
    case badKey(String)
    case keyFile(path: String, reason: String)
    /// The relay answered `refused` (a wrong key closes the upgrade before that).
    case refused(String)
    /// The relay did not answer `hello` with `welcome`.
    case noWelcome
    /// A file the relay asked for is not installed (or too large to relay).
    case noFile(String)

    package var description: String {
        switch self {
        case .badURL(let url): "'\(url)' is not a relay address (http:// or https://, a host, no query)"
        case .badKey(let problem): "the relay key: \(problem)"
        case .keyFile(let path, let reason): "\(path): \(reason)"
        case .refused(let reason): "the relay refused the session: \(reason)"
        case .noWelcome: "the relay did not welcome the session (is the address a Soundshelf relay?)"
        case .noFile(let reason): reason
        }
    }
}
