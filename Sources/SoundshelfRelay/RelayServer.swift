import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import SoundshelfServer

/// `soundshelf-relay`: listening along over the internet (docs/FORMAT.md §15.3, docs/RELAY.md). Game
/// masters' `client serve --relay` connect out to `/s/{session}/owner` (a WebSocket; `Authorization: Bearer`
/// one of ``keys``); players reach `/s/{session}/listen?token=…` (``PlayerRoutes``). Everything is
/// in memory: sessions end when their owner has been away longer than ``grace``.
///
/// ```swift
/// let relay = RelayServer(host: "0.0.0.0", port: 8430, keys: try RelayKeys(file: "relay.keys"))
/// try await relay.run { url in print("relay on \(url)") }
/// ```
package struct RelayServer: Sendable {
    package let host: String
    package let port: Int
    package let keys: RelayKeys
    package let page: SoundboardPage
    /// How long a session outlives its owner's socket (a laptop's Wi-Fi drops, a relay restarts).
    package let grace: TimeInterval
    /// The bytes of audio the relay keeps for players (shared by all sessions).
    package let cacheBytes: Int
    /// The most sessions held at once.
    package let maxSessions: Int
    let sessions: RelaySessions
    let cache: RelayFileCache
    let guesses: GuessLimiter

    package init(
        host: String, port: Int, keys: RelayKeys, page: SoundboardPage = .builtIn, grace: TimeInterval = 300,
        cacheBytes: Int = 512 << 20, maxSessions: Int = 10_000, guessLimit: Int = 20,
        fetchTimeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.keys = keys
        self.page = page
        self.grace = grace
        self.cacheBytes = cacheBytes
        self.maxSessions = maxSessions
        sessions = RelaySessions(grace: grace, limit: maxSessions, fetchTimeout: fetchTimeout)
        cache = RelayFileCache(limit: cacheBytes)
        guesses = GuessLimiter(limit: guessLimit)
    }

    /// Serves until SIGINT or SIGTERM; `onListening` gets `http://HOST:PORT` once the socket listens.
    package func run(onListening: @escaping @Sendable (String) async -> Void) async throws {
        try await buildApplication(onListening: onListening).runService()
    }

    /// The relay as an application, not yet listening (tests drive it with HummingbirdTesting).
    package func buildApplication(
        onListening: @escaping @Sendable (String) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router(context: RelayRequestContext.self)
        router.add(middleware: RelayErrorMiddleware())
        let cache = self.cache
        router.get("/health") { _, _ in
            try RelayJSON.response(
                ["sessions": sessions.count, "filesFromOwners": cache.filesReceived, "cachedBytes": cache.bytes])
        }
        PlayerRoutes(sessions: sessions, cache: cache, guesses: guesses, page: page).register(on: router)
        var logger = Logger(label: "soundshelf.relay")
        logger.logLevel = .warning
        let sockets = Router(context: RelayRequestContext.self)
        let owner = OwnerSocket(sessions: sessions, cache: cache, logger: logger)
        let keys = self.keys
        sockets.ws("/s/{session}/owner") { request, _ in
            let bearer = request.headers[.authorization].flatMap {
                $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil
            }
            guard keys.accepts(bearer) else { return .dontUpgrade }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let session = context.requestContext.parameters.get("session") ?? ""
            try await owner.run(session: session, inbound: inbound, outbound: outbound)
        }
        let host = self.host
        var app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: sockets, configuration: .init(ws: .init(maxFrameSize: RelayMessage.maxText))),
            configuration: .init(address: .hostname(host, port: port), serverName: "soundshelf-relay"),
            onServerRunning: { channel in
                await onListening(
                    "http://\(host.contains(":") ? "[\(host)]" : host):\(channel.localAddress?.port ?? 0)")
            },
            logger: logger)
        app.addServices(RelaySweeper(sessions: sessions))
        return app
    }
}

/// Ends the sessions whose owner has been away longer than the grace period, every few seconds;
/// every session when the relay stops.
struct RelaySweeper: Service {
    let sessions: RelaySessions

    func run() async throws {
        let every: Duration = sessions.grace < 10 ? .milliseconds(250) : .seconds(5)
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: every) }
            sessions.sweep()
        }
        sessions.endAll()
    }
}
