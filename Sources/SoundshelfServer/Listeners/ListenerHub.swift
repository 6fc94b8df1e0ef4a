import Foundation
import LibraryJSON

/// The players listening along (docs/FORMAT.md §15.2): their tokens (random, revocable, gone when the server
/// stops: they live only here), their event streams, and what the owner's page is playing now, so
/// a player who joins late or reconnects gets a snapshot and starts every running loop at its phase.
package final class ListenerHub: @unchecked Sendable {
    /// What a listener token starts with: a request presenting such a token is a listener's, and an
    /// unknown or revoked one is refused with 401 rather than taken for the owner's.
    package static let prefix = "listen_"
    /// How long a listen link works after it is made: 12 hours (an evening's session and then some).
    package static let lifetime: TimeInterval = 12 * 3600

    private struct PlayerStream {
        let token: String
        let continuation: AsyncStream<ServerEvent>.Continuation
    }

    private let lock = NSLock()
    private var listeners: [ListenLink] = []
    private var subscribers: [UUID: PlayerStream] = [:]
    private var layers: [ListenEvent] = []
    private var kinds: [String: Double] = [:]
    /// The files started or announced (`load`) lately, newest last: a joining page loads them ahead.
    private var recent: [ListenSnapshot.File] = []
    private var finished = false
    /// Streams open elsewhere (on a relay), per token, counted with this hub's own.
    private var remoteStreams: [String: Int] = [:]
    /// How late events reach each link's players, here and on a relay (the owner's lead follows the slowest).
    private let playerDelays = PlayerDelays()
    private var observer: (@Sendable (Change) -> Void)?
    private let tick: Duration
    /// Sends the server's time to every stream each ``tick`` while any is open: one timer and one
    /// encoding for all of them.
    private var ticker: Task<Void, Never>?

    /// `tick`: how often a stream gets the server's time (`event: clock`, `{"now"}`), which also
    /// keeps the connection open. A page takes each as a bound on its clock offset: the time was
    /// read before the page got it, whatever the delays of its round trips.
    package init(tick: Duration = .seconds(1)) {
        self.tick = tick
    }

    /// Calls `observer` after every change (outside the hub's lock, in the order they happened on
    /// one thread); one observer at a time.
    package func observe(_ observer: @escaping @Sendable (Change) -> Void) {
        lock.withLock { self.observer = observer }
    }

    private func notify(_ change: Change) {
        lock.withLock { observer }?(change)
    }

    /// When a new stream gets the server's time besides the ticks: soon after it opens, so a page
    /// whose round trips are slow one way (all of their delay on the answers') has a close bound on
    /// its clock before it places what plays, rather than after the next tick.
    static let firstTimes: [Duration] = [.milliseconds(100), .milliseconds(250), .milliseconds(500)]

    /// A new listener token (``prefix`` and 256 random bits) that works for ``lifetime``; or the
    /// `listener` given (a relay takes the owner's).
    @discardableResult
    package func add(_ given: ListenLink? = nil) -> ListenLink {
        let now = Date()
        let listener =
            given ?? ListenLink(token: Self.prefix + AccessToken.random(), created: now, expires: now + Self.lifetime)
        lock.withLock {
            listeners.removeAll { $0.token == listener.token }
            listeners.append(listener)
        }
        notify(.added(listener))
        return listener
    }

    /// Revokes a token and closes its streams; false when no such token is live.
    @discardableResult
    package func revoke(_ token: String) -> Bool {
        let closing = lock.withLock { () -> [AsyncStream<ServerEvent>.Continuation]? in
            guard let index = listeners.firstIndex(where: { AccessToken.matches(token, $0.token) }) else { return nil }
            let revoked = listeners.remove(at: index).token
            let keys = subscribers.filter { $0.value.token == revoked }.map(\.key)
            return keys.compactMap { subscribers.removeValue(forKey: $0)?.continuation }
        }
        guard let closing else { return false }
        for continuation in closing { continuation.finish() }
        notify(.revoked(token))
        return true
    }

    /// Revokes the tokens whose time is up (each tick, and before a token is looked up).
    private func revokeExpired() {
        let now = Date()
        let expired = lock.withLock { listeners.filter { $0.expires <= now }.map(\.token) }
        for token in expired { revoke(token) }
    }

    /// The live token `candidate` equals (each compared in constant time), or nil.
    package func listener(matching candidate: String) -> String? {
        guard candidate.hasPrefix(Self.prefix) else { return nil }
        let now = Date()
        let all = lock.withLock { listeners }
        var found: String?
        for listener in all where AccessToken.matches(candidate, listener.token) && listener.expires > now {
            found = listener.token
        }
        return found
    }

    /// The live tokens with how many streams each has open now (here and on a relay).
    package func connected() -> [(listener: ListenLink, streams: Int)] {
        revokeExpired()
        return lock.withLock {
            listeners.map { listener in
                let here = subscribers.values.filter { $0.token == listener.token }.count
                return (listener, here + remoteStreams[listener.token, default: 0])
            }
        }
    }

    /// A player of `token` says events reach it `ms` after the server got them (p95 of its last ones).
    package func report(token: String, delay ms: Double) {
        guard ms.isFinite, ms >= 0 else { return }
        notify(.delays(playerDelays.report(token: token, ms: ms, live: liveTokens(), includingRemote: false)))
    }

    /// The delays a relay's players reported, per token.
    package func setRemoteDelays(_ delays: [String: Double]) { playerDelays.setRemote(delays) }

    /// The latest delay (ms) reported by the players of each token, here and on a relay.
    package func delays() -> [String: Double] { playerDelays.delays(live: liveTokens()) }

    /// The lead (ms) the owner's page should give every start, from the slowest player's delay.
    package func lead() -> Double { PlayerDelays.lead(slowest: delays().values.max() ?? 0) }

    private func liveTokens() -> Set<String> { lock.withLock { Set(listeners.map(\.token)) } }

    /// The streams open on a relay now, per token (counted by ``connected()``).
    package func setRemoteStreams(_ counts: [String: Int]) {
        lock.withLock { remoteStreams = counts }
    }

    /// How many streams each token has open on this hub.
    package func streamCounts() -> [String: Int] {
        lock.withLock { Dictionary(subscribers.values.map { ($0.token, 1) }, uniquingKeysWith: +) }
    }

    /// Takes the owner's state as it is (a relay, when the owner connects or comes back): these
    /// tokens and no others (streams of the others are closed), and what plays now.
    package func restore(listeners given: [ListenLink], snapshot: ListenSnapshot) {
        let closing = lock.withLock { () -> [AsyncStream<ServerEvent>.Continuation] in
            listeners = given
            layers = snapshot.layers
            kinds = snapshot.kinds
            recent = snapshot.recent
            let live = Set(given.map(\.token))
            let keys = subscribers.filter { !live.contains($0.value.token) }.map(\.key)
            return keys.compactMap { subscribers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in closing { continuation.finish() }
    }

    /// A listener's stream: a snapshot of what plays now, then every event the owner posts (and the
    /// server's time every ``tick``); ends
    /// when the token is revoked, the client goes away or the server stops.
    package func subscribe(token: String) -> AsyncStream<ServerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ServerEvent.self, bufferingPolicy: .bufferingNewest(512))
        let key = UUID()
        let snapshot = lock.withLock { () -> ListenSnapshot? in
            guard !finished, listeners.contains(where: { $0.token == token }) else { return nil }
            subscribers[key] = PlayerStream(token: token, continuation: continuation)
            if ticker == nil { ticker = startTicker() }
            return currentSnapshot()
        }
        guard let snapshot, let first = try? ServerEvent(name: "snapshot", json: snapshot) else {
            continuation.finish()
            return stream
        }
        continuation.yield(first)
        notify(.streams(streamCounts()))
        let early = Task {
            var slept = Duration.zero
            for time in Self.firstTimes {
                try? await Task.sleep(for: time - slept)
                slept = time
                guard !Task.isCancelled else { return }
                guard let clock = try? ServerEvent(name: "clock", json: ["now": ServerClock.now()]) else { continue }
                continuation.yield(clock)
            }
        }
        continuation.onTermination = { [weak self] _ in
            early.cancel()
            self?.unsubscribe(key)
        }
        return stream
    }

    private func unsubscribe(_ key: UUID) {
        let removed = lock.withLock { () -> Bool in
            let removed = subscribers.removeValue(forKey: key) != nil
            if subscribers.isEmpty {
                ticker?.cancel()
                ticker = nil
            }
            return removed
        }
        if removed { notify(.streams(streamCounts())) }
    }

    private func startTicker() -> Task<Void, Never> {
        let interval = tick
        return Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                self.revokeExpired()
                guard let clock = try? ServerEvent(name: "clock", json: ["now": ServerClock.now()]) else { continue }
                for target in self.lock.withLock({ self.subscribers.values.map(\.continuation) }) {
                    target.yield(clock)
                }
            }
        }
    }

    /// Keeps the state up to date with an event of the owner's page and relays it to every stream;
    /// returns how many streams it went to (here and, through a relay, elsewhere).
    @discardableResult
    package func post(_ event: ListenEvent) -> Int {
        guard let message = try? ServerEvent(name: "listen", json: event) else { return 0 }
        let (targets, elsewhere) = lock.withLock { () -> ([AsyncStream<ServerEvent>.Continuation], Int) in
            apply(event)
            return (subscribers.values.map(\.continuation), remoteStreams.values.reduce(0, +))
        }
        for target in targets { target.yield(message) }
        notify(.posted(event))
        return targets.count + elsewhere
    }

    /// What plays now (one-shots that have ended are left out).
    package func snapshot() -> ListenSnapshot { lock.withLock { currentSnapshot() } }

    /// The live listen links.
    package func liveListeners() -> [ListenLink] {
        let now = Date()
        return lock.withLock { listeners.filter { $0.expires > now } }
    }

    /// Ends every stream and forgets every token (the server stops).
    package func finishAll() {
        let targets = lock.withLock {
            finished = true
            listeners = []
            ticker?.cancel()
            ticker = nil
            defer { subscribers = [:] }
            return subscribers.values.map(\.continuation)
        }
        for target in targets { target.finish() }
    }

    private func apply(_ event: ListenEvent) {
        switch event.type {
        case "start":
            layers.removeAll { $0.layer == event.layer }
            layers.append(event)
            if let item = event.item {
                remember([ListenSnapshot.File(item: item, take: event.take ?? 0, url: event.url, sha256: event.sha256)])
            }
        case "stop": layers.removeAll { $0.layer == event.layer }
        case "volume":
            if let index = layers.firstIndex(where: { $0.layer == event.layer }) { layers[index].volume = event.volume }
        case "kind": if let kind = event.kind { kinds[kind] = event.volume }
        case "stopAll": layers = []
        case "load": remember(event.files ?? [])
        default: break
        }
    }

    private func remember(_ files: [ListenSnapshot.File]) {
        recent.removeAll { file in files.contains { $0.item == file.item && $0.take == file.take } }
        recent.append(contentsOf: files)
        if recent.count > ListenEvent.maxFiles { recent.removeFirst(recent.count - ListenEvent.maxFiles) }
    }

    private func currentSnapshot() -> ListenSnapshot {
        let now = ServerClock.now()
        layers.removeAll { ($0.naturalEnd ?? .infinity) < now }
        return ListenSnapshot(now: now, layers: layers, kinds: kinds, recent: recent)
    }
}
