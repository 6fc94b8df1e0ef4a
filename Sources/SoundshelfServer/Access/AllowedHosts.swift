import Foundation

/// The `Host` values `client serve` answers: `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT` and the
/// address it was given (`--host`), and on 0.0.0.0 or :: also this machine's addresses and name.
/// A bare name (no port) counts only on port 80, where it means the same. The port is the one the
/// socket listens on, set once it listens (with `--port 0`, the one the system chose).
final class AllowedHosts: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<String>
    private var port: Int
    let host: String

    init(host: String, port: Int) {
        self.host = host
        self.port = port
        names = Self.names(host: host, port: port)
    }

    /// Records the port the socket listens on.
    func listening(on port: Int) {
        let names = Self.names(host: host, port: port)
        lock.withLock {
            self.port = port
            self.names = names
        }
    }

    /// The listening port.
    var listeningPort: Int { lock.withLock { port } }

    /// Whether a `Host` value names this server (case does not matter).
    func allows(_ value: String) -> Bool {
        let name = value.lowercased()
        return lock.withLock { names.contains(name) }
    }

    /// The names a browser on this machine would use, for messages.
    var loopbackNames: String {
        let port = listeningPort
        var shown = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        let given = "\(Self.urlHost(host)):\(port)"
        if !shown.contains(given) && !ServerAccess.isWildcard(host) { shown.append(given) }
        return shown.joined(separator: ", ")
    }

    static func names(host: String, port: Int) -> Set<String> {
        var hosts = ["127.0.0.1", "localhost", "[::1]", urlHost(host)]
        if ServerAccess.isWildcard(host) {
            hosts += LocalAddresses.current().map(urlHost)
            if let name = LocalAddresses.hostName() { hosts += [name, name + ".local"] }
        }
        let lowered = hosts.map { $0.lowercased() }
        var names = Set(lowered.map { "\($0):\(port)" })
        if port == 80 { names.formUnion(lowered) }
        return names
    }

    /// A host as it appears in a URL or a `Host` header (IPv6 addresses in brackets).
    static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
