/// Who `client serve` answers: the address it listens on and the token it asks for (nil: none).
/// On loopback (127.0.0.1, ::1, localhost) no token is needed unless one is given; on any other
/// address a random one is made when none is given.
package struct ServerAccess: Sendable {
    /// The address given to listen on (`--host`).
    package let host: String
    /// The token every request must carry; nil when none is asked for.
    package let token: String?

    package init(host: String, token: String? = nil) {
        self.host = host
        self.token = token ?? (Self.isLoopback(host) ? nil : AccessToken.random())
    }

    /// 127.0.0.1, ::1 (bracketed or not) and localhost: only this machine can connect.
    package static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
    }

    /// 0.0.0.0 and :: : every interface of this machine.
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "[::]", ""].contains(host)
    }

    /// Whether this server listens only where this machine alone can reach it.
    package var isLoopbackOnly: Bool { Self.isLoopback(host) }

    /// One sentence on who can reach the server and what they need.
    package var reach: String {
        switch (isLoopbackOnly, token != nil) {
        case (true, false): return "reachable from this machine only"
        case (true, true): return "reachable from this machine only; every request needs the token (in the URL above)"
        case (false, _):
            return
                "reachable from other machines on the network; every request needs the token (in the URL above; the page keeps it as a cookie)\n"
                + "players can join and listen along: open the page's Players panel for a listen link and its QR code (each player opens it on their phone or laptop)"
        }
    }

    /// The page's URL for a port: `http://HOST:PORT/`, with `?token=…` when a token is asked for.
    package func url(port: Int) -> String {
        "http://\(AllowedHosts.urlHost(host)):\(port)/" + (token.map { "?" + AccessToken.query($0) } ?? "")
    }
}
