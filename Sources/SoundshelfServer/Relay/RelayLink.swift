import CatalogFormat
import Foundation
import HTTPTypes
import HummingbirdWSClient
import LibraryClient
import Logging
import NIOCore
import ServiceLifecycle

/// `client serve --relay`: the one outbound WebSocket to a relay (docs/FORMAT.md §15.3). It says
/// `hello` with this server's session, sends the state once the relay's clock is known, then
/// mirrors every listen link made or revoked and every listen event (times moved into the relay's
/// clock), and answers the relay's `fetch`es with installed audio. A dropped socket is opened again
/// (0.25 s, doubling to 5 s); the relay keeps the session meanwhile and gets the state anew.
final class RelayLink: Service, @unchecked Sendable {
    typealias Frame = WebSocketOutboundWriter.OutboundFrame

    let configuration: RelayConfiguration
    let hub: ListenerHub
    let library: Library
    /// This server's session on the relay; the same for its whole run, on any relay behind the address.
    let session = RelayMessage.randomID()
    let secret = AccessToken.random()
    let lock = NSLock()
    let clock = RelayClock()
    /// The socket's queue once the relay has the state (nil while away).
    var outgoing: AsyncStream<Frame>.Continuation?
    /// Which connection is the current one (a late `connected` of an earlier one is ignored).
    var connection = 0
    var lastError: String?
    let logger: Logger
    /// The hub's changes and each connection's start, handled in order by ``pump()``.
    let work = AsyncStream.makeStream(of: Work.self)
    let sources: PublishedSources

    enum Work: Sendable {
        case change(ListenerHub.Change)
        case connected(Int, AsyncStream<Frame>.Continuation)
    }

    init(configuration: RelayConfiguration, hub: ListenerHub, library: Library) {
        self.configuration = configuration
        self.hub = hub
        self.library = library
        sources = PublishedSources(library: library)
        var logger = Logger(label: "soundshelf.relay-link")
        logger.logLevel = .warning
        self.logger = logger
    }

    /// Whether the socket is open and the relay has the state.
    var isConnected: Bool { lock.withLock { outgoing != nil } }

    /// Why the last connection failed or ended, if it did.
    var problem: String? { lock.withLock { lastError } }

    func run() async throws {
        let work = self.work.continuation
        hub.observe { change in work.yield(.change(change)) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.pump() }
            await reconnect()
            group.cancelAll()
        }
    }

    /// Connects, and again after each failure or close, until the server stops.
    private func reconnect() async {
        var pause: Duration = .milliseconds(250)
        var told: String?
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            var problem: String
            do {
                // The socket stays open until the relay closes it: a graceful shutdown (SIGTERM) closes it here.
                try await cancelWhenGracefulShutdown { try await self.connect() }
                pause = .milliseconds(250)
                problem = "the relay closed the connection"
            } catch {
                problem = Self.words(for: error, relay: configuration.base)
            }
            lock.withLock {
                outgoing = nil
                lastError = problem
            }
            hub.setRemoteStreams([:])
            if problem != told {
                logger.warning("relay: \(problem); trying again")
                told = problem
            }
            let wait = pause
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: wait) }
            pause = min(pause * 2, .seconds(5))
        }
    }

    /// A connection's failure in words a game master can act on.
    static func words(for error: any Error, relay: String) -> String {
        switch error {
        case let error as RelayLinkError: return error.description
        case let error as WebSocketClientError where error == .webSocketUpgradeFailed:
            return "the relay at \(relay) did not take the relay key (or is not a Soundshelf relay)"
        default:
            return "cannot reach the relay at \(relay) (\(error))"
        }
    }

    private func connect() async throws {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(configuration.key)"
        let settings = WebSocketClientConfiguration(
            maxFrameSize: RelayMessage.maxText, additionalHeaders: headers, autoPing: .enabled(timePeriod: .seconds(15))
        )
        try await WebSocketClient.connect(
            url: configuration.socketURL(session: session), configuration: settings, logger: logger
        ) {
            [self] inbound, outbound, _ in
            var messages = inbound.messages(maxSize: RelayMessage.maxText).makeAsyncIterator()
            try await outbound.write(.text(try RelayMessage(type: .hello, session: session, secret: secret).encoded()))
            guard case .text(let text)? = try await messages.next(), let welcome = try? RelayMessage.decoded(text)
            else {
                throw RelayLinkError.noWelcome
            }
            if welcome.type == .refused { throw RelayLinkError.refused(welcome.message ?? "no reason given") }
            guard welcome.type == .welcome else { throw RelayLinkError.noWelcome }
            let (stream, continuation) = AsyncStream.makeStream(of: Frame.self)
            clock.reset()
            let current = lock.withLock {
                connection += 1
                return connection
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in stream { try await outbound.write(message) }
                }
                group.addTask { try await self.ping(continuation) }
                while let message = try await messages.next() {
                    guard case .text(let text) = message, let decoded = try? RelayMessage.decoded(text) else {
                        continue
                    }
                    self.receive(decoded, connection: current, continuation)
                }
                continuation.finish()
                group.cancelAll()
            }
        }
    }

    /// Clock round trips: five at once, then one every 2 s (the relay answers each at once).
    private func ping(_ continuation: AsyncStream<Frame>.Continuation) async throws {
        var sent = 0
        while !Task.isCancelled {
            if let text = try? RelayMessage(type: .clock, sent: ServerClock.now()).encoded() {
                continuation.yield(.text(text))
            }
            sent += 1
            try await Task.sleep(for: sent < 5 ? .milliseconds(50) : .seconds(2))
        }
    }

    private func receive(
        _ message: RelayMessage, connection: Int, _ continuation: AsyncStream<Frame>.Continuation
    ) {
        switch message.type {
        case .clock:
            guard let sent = message.sent, let now = message.now else { return }
            let first = clock.observe(sent: sent, relayNow: now, received: ServerClock.now())
            if first { work.continuation.yield(.connected(connection, continuation)) }
        case .players:
            hub.setRemoteStreams(message.streams ?? [:])
            hub.setRemoteDelays(message.delays ?? [:])
        case .fetch:
            guard let id = message.id, let item = message.item else { return }
            Task { await self.answer(id, item: item, take: message.take ?? 0, continuation) }
        default: break
        }
    }
}
