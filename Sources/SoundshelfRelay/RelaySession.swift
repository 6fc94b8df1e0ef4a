import Foundation
import NIOCore
import SoundshelfServer

/// One game master's session on the relay: its listen links and what plays (a ``ListenerHub``,
/// as on the LAN), the owner's socket while it is connected, and the audio asked of the owner.
final class RelaySession: @unchecked Sendable {
    let id: String
    let secret: String
    /// The session's links, players and what plays. Players' streams get the relay's time every 2 s
    /// (1 s on the LAN): at 10,000 players that halves the relay's writes, and a far player's clock
    /// takes its bounds from its round trips more than from pushed times.
    let hub = ListenerHub(tick: .seconds(2))
    private let lock = NSLock()
    private var owner: (socket: UUID, outgoing: AsyncStream<String>.Continuation)?
    private var ownerLeft: Date? = Date()
    private var nextFetch = 1
    /// Fetches asked of the owner and not answered yet: what they are for and who waits.
    private var fetches: [Int: Fetch] = [:]
    /// The hash each (item, take) had when the owner sent it, to find it in the cache.
    private var hashes: [FileKey: String] = [:]
    private var publishedOrigins: [String] = []

    /// How long players wait for a file asked of the owner.
    let fetchTimeout: Duration

    struct FileKey: Hashable {
        let item: String
        let take: Int
    }

    private struct Fetch {
        let key: FileKey
        var waiters: [CheckedContinuation<RelayFileCache.File, any Error>]
    }

    init(id: String, secret: String, fetchTimeout: Duration = .seconds(30)) {
        self.id = id
        self.secret = secret
        self.fetchTimeout = fetchTimeout
        hub.observe { [weak self] change in
            guard let self else { return }
            switch change {
            case .streams, .delays:
                self.send(RelayMessage(type: .players, streams: self.hub.streamCounts(), delays: self.hub.delays()))
            default: break
            }
        }
    }

    /// The owner's socket connected: messages for it go to `outgoing` (a previous socket of the
    /// same session is let go).
    func connect(_ socket: UUID, _ outgoing: AsyncStream<String>.Continuation) {
        let previous = lock.withLock { () -> AsyncStream<String>.Continuation? in
            defer {
                owner = (socket, outgoing)
                ownerLeft = nil
            }
            return owner?.outgoing
        }
        previous?.finish()
    }

    /// The owner's socket closed; files asked of it fail (players' pages ask again).
    func disconnect(_ socket: UUID) {
        let failed = lock.withLock { () -> [CheckedContinuation<RelayFileCache.File, any Error>] in
            guard let owner, owner.socket == socket else { return [] }
            self.owner = nil
            ownerLeft = Date()
            defer { fetches = [:] }
            return fetches.values.flatMap(\.waiters)
        }
        for waiter in failed { waiter.resume(throwing: RelayError.ownerAway(session: id)) }
    }

    /// The origins the owner's files are published at (from its `state`): the listen page may
    /// fetch from these. Only `http(s)://host[:port]`, at most 16.
    var origins: [String] {
        get { lock.withLock { publishedOrigins } }
        set {
            let plain = newValue.filter {
                $0.range(of: #"^https?://[A-Za-z0-9.\-]+(:[0-9]{1,5})?$"#, options: .regularExpression) != nil
            }
            lock.withLock { publishedOrigins = Array(plain.prefix(16)) }
        }
    }

    /// Since when the owner has been away (nil while connected).
    var awaySince: Date? { lock.withLock { ownerLeft } }

    /// Sends `message` to the owner if connected.
    func send(_ message: RelayMessage) {
        guard let text = try? message.encoded() else { return }
        _ = lock.withLock { owner?.outgoing }?.yield(text)
    }

    /// An item's file: from `cache` when the owner sent it before, else asked of the owner (one
    /// request for any number of players asking at once).
    func file(item: String, take: Int, cache: RelayFileCache) async throws -> RelayFileCache.File {
        let key = FileKey(item: item, take: take)
        if let sha = lock.withLock({ hashes[key] }), let file = cache.file(sha) { return file }
        return try await withCheckedThrowingContinuation { waiter in
            enum Step {
                case waiting, away
                case ask(Int, AsyncStream<String>.Continuation)
            }
            let step = lock.withLock { () -> Step in
                if let id = fetches.first(where: { $0.value.key == key })?.key {
                    fetches[id]?.waiters.append(waiter)
                    return .waiting
                }
                guard let owner else { return .away }
                let id = nextFetch
                nextFetch += 1
                fetches[id] = Fetch(key: key, waiters: [waiter])
                return .ask(id, owner.outgoing)
            }
            switch step {
            case .waiting: break
            case .away: waiter.resume(throwing: RelayError.ownerAway(session: id))
            case .ask(let fetch, let outgoing):
                if let text = try? RelayMessage(type: .fetch, id: fetch, item: item, take: take).encoded() {
                    outgoing.yield(text)
                }
                // An owner that never answers does not hold the players' requests for ever.
                let timeout = fetchTimeout
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    let reason = "the game master's soundboard did not send it within \(timeout)"
                    self?.answer(
                        fetch, with: .failure(.fileUnavailable(item: item, take: take, reason: reason)), cache: cache)
                }
            }
        }
    }

    /// The owner's answer to fetch `id`: the file (kept in `cache`) or why there is none.
    func answer(_ id: Int, with result: Result<RelayFileCache.File, RelayError>, cache: RelayFileCache) {
        let fetch = lock.withLock { () -> Fetch? in
            guard let fetch = fetches.removeValue(forKey: id) else { return nil }
            if case .success(let file) = result { hashes[fetch.key] = file.sha256 }
            return fetch
        }
        guard let fetch else { return }
        if case .success(let file) = result { cache.keep(file) }
        for waiter in fetch.waiters { waiter.resume(with: result.mapError { $0 as any Error }) }
    }

    /// What a fetch id asked for.
    func asked(_ id: Int) -> FileKey? { lock.withLock { fetches[id]?.key } }

    /// Ends the session: players' streams close, the owner's socket is let go.
    func end() {
        hub.finishAll()
        let outgoing = lock.withLock { () -> AsyncStream<String>.Continuation? in
            defer { owner = nil }
            return owner?.outgoing
        }
        outgoing?.finish()
    }
}
