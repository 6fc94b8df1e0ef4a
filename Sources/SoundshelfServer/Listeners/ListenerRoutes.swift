import Foundation
import Hummingbird

/// Listening along (docs/FORMAT.md §15.2). The owner's: `POST /api/listeners` (a new listen link: 201
/// `{"token", "url"}`), `GET /api/listeners` (the links and the players connected now),
/// `DELETE /api/listeners/{token}` (revokes it and closes its streams), `POST /api/listen/events`
/// (what the owner's page plays, relayed to every player). Everyone's: `GET /api/clock` (the server
/// time, for NTP-style round trips; also at `/listen/clock`). The players': `GET /listen` (the listen page), `/listen/{file}`
/// (its modules), `/listen/events` (SSE: a `snapshot`, then `listen` events), `/listen/audio/…`.
package struct ListenerRoutes {
    let hub: ListenerHub
    let page: SoundboardPage
    let access: ServerAccess
    let hosts: AllowedHosts
    /// The relay players listen through, when the server was started with one.
    var relay: RelayLink? = nil

    /// The page files a listener may fetch under `/listen/`.
    package static let pageFiles: Set<String> = [
        "listen.html", "listen.js", "listen.css", "listen-clock.js", "listen-follower.js", "listen-drift.js",
        "audio-engine.js", "audio-format.js", "wav-stream.js", "verified-fetch.js", "capture-worklet.js",
        "listen-test-hooks.js", "icon.svg",
    ]

    func register(on router: Router<BasicRequestContext>) {
        let hub = self.hub
        let hosts = self.hosts
        let listenURL: @Sendable (String, Request) -> String = { [self] in self.listenURL($0, request: $1) }
        router.post("/api/listeners") { request, _ in
            let listener = hub.add()
            return try JSONResponse.make(
                ListenerJSON(
                    token: listener.token, url: listenURL(listener.token, request), created: nil,
                    expires: listener.expires),
                status: .created)
        }
        router.get("/api/listeners") { request, _ in
            let all = hub.connected()
            let delays = hub.delays()
            let rows = all.map {
                ListenerJSON(
                    token: $0.listener.token, url: listenURL($0.listener.token, request),
                    created: $0.listener.created, expires: $0.listener.expires, streams: $0.streams,
                    delay: delays[$0.listener.token].map { $0.rounded() })
            }
            return try JSONResponse.make(
                ListenersJSON(
                    listeners: rows, players: all.map(\.streams).reduce(0, +), lead: hub.lead().rounded(),
                    relay: relay.map(RelayStatusJSON.init)))
        }
        router.delete("/api/listeners/{token}") { _, context in
            let token = try context.parameter("token")
            guard hub.revoke(token) else {
                throw APIError.notFound("no listen link with this token is live; GET /api/listeners lists them")
            }
            return try JSONResponse.make(["revoked": token])
        }
        router.post("/api/listen/events") { request, _ in
            var event = try await request.decodeJSON(as: ListenEvent.self)
            event.posted = ServerClock.now()
            if let problem = event.problem { throw APIError.badRequest("the listen event's \(problem)") }
            let delivered = hub.post(event)
            return try JSONResponse.make(PostedJSON(delivered: delivered, lead: hub.lead().rounded()))
        }
        for path in ["/api/clock", "/listen/clock"] {
            router.get(RouterPath(path)) { request, _ in
                // A player's page reports how late events reach it (`?delay=MS`) on its round trips.
                if let delay = request.uri.queryParameters["delay"].flatMap({ Double(String($0)) }),
                    let token = ListenerGuard.token(of: request, hub: hub, port: hosts.listeningPort)
                {
                    hub.report(token: token, delay: delay)
                }
                return try JSONResponse.make(["now": ServerClock.now()])
            }
        }
        let page = self.page
        router.get("/listen") { _, _ in try PageRoutes.respond(page, "listen.html") }
        router.get("/listen/{file}") { _, context in
            let name = try context.parameter("file")
            guard Self.pageFiles.contains(name) else { throw APIError.notFound("no listen page file '\(name)'") }
            return try PageRoutes.respond(page, name)
        }
        router.get("/listen/events") { request, _ in
            guard let token = ListenerGuard.token(of: request, hub: hub, port: hosts.listeningPort) else {
                throw APIError(status: .unauthorized, message: "the listen stream needs a listen link's token")
            }
            return ServerEvent.response(hub.subscribe(token: token))
        }
    }

    /// The listen link: on this server's address as a player would reach it (on 0.0.0.0 or ::, this
    /// machine's first network address; on loopback, the address the owner's page used).
    func listenURL(_ token: String, request: Request) -> String {
        if let relay { return relay.configuration.listenURL(session: relay.session, token: token) }
        let port = hosts.listeningPort
        let host: String
        if ServerAccess.isWildcard(access.host),
            let address = LocalAddresses.current().first(where: { !$0.hasPrefix("127.") && !$0.contains(":") })
        {
            host = "\(address):\(port)"
        } else if access.isLoopbackOnly, let authority = request.head.authority {
            host = authority
        } else {
            host = "\(AllowedHosts.urlHost(access.host)):\(port)"
        }
        return "http://\(host)/listen?" + AccessToken.query(token)
    }
}

/// A listen link in `/api/listeners`' answers.
struct ListenerJSON: Encodable {
    let token: String
    let url: String
    let created: Date?
    var expires: Date? = nil
    var streams: Int? = nil
    /// How late events reach this link's players (ms, the slowest's p95), when they reported it.
    var delay: Double? = nil
}

/// `GET /api/listeners`: the live links and the players (open streams) connected now; with a
/// relay, its address and whether the server is connected to it.
struct ListenersJSON: Encodable {
    let listeners: [ListenerJSON]
    let players: Int
    /// The lead (ms) the owner's page gives every start: 120, or the slowest player's delay + 80.
    let lead: Double
    var relay: RelayStatusJSON? = nil
}

/// `POST /api/listen/events`' answer: the streams the event went to, and the lead (ms) the owner's
/// page should give the next start.
struct PostedJSON: Encodable {
    let delivered: Int
    let lead: Double
}

/// The relay in `/api/listeners`: `{"url", "connected", "problem"}`.
struct RelayStatusJSON: Encodable {
    let url: String
    let connected: Bool
    let problem: String?

    init(_ link: RelayLink) {
        url = link.configuration.base
        connected = link.isConnected
        problem = link.isConnected ? nil : link.problem
    }
}
