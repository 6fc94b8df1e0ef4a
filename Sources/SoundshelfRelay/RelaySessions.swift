import Foundation
import SoundshelfServer

/// Every session on this relay, by id, in memory only. A session is made when an owner first says
/// `hello` with it (or comes back to a relay that lost it), and ends when its owner has been away
/// longer than ``grace``.
final class RelaySessions: @unchecked Sendable {
    let grace: TimeInterval
    let limit: Int
    private let lock = NSLock()
    private var sessions: [String: RelaySession] = [:]

    let fetchTimeout: Duration

    init(grace: TimeInterval, limit: Int, fetchTimeout: Duration = .seconds(30)) {
        self.grace = grace
        self.limit = limit
        self.fetchTimeout = fetchTimeout
    }

    enum Attach {
        case attached(RelaySession)
        case refused(String)
    }

    /// The session `id` for the owner holding `secret`: the one held, or a new one.
    func attach(id: String, secret: String) -> Attach {
        guard Self.isPlain(id), id.count >= 16, id.count <= 64, secret.count >= 16, secret.count <= 128 else {
            return .refused("a session id is 16 to 64 letters, digits, '-' or '_', its secret 16 to 128 characters")
        }
        return lock.withLock {
            if let session = sessions[id] {
                guard AccessToken.matches(secret, session.secret) else {
                    return .refused("session \(id) is held by another owner (its secret differs)")
                }
                return .attached(session)
            }
            guard sessions.count < limit else {
                return .refused("this relay holds \(limit) sessions, its most; try again later or another relay")
            }
            let session = RelaySession(id: id, secret: secret, fetchTimeout: fetchTimeout)
            sessions[id] = session
            return .attached(session)
        }
    }

    func session(_ id: String) -> RelaySession? { lock.withLock { sessions[id] } }

    var count: Int { lock.withLock { sessions.count } }

    /// Ends the sessions whose owner has been away longer than ``grace``.
    func sweep(now: Date = Date()) {
        let ended = lock.withLock { () -> [RelaySession] in
            let gone = sessions.values.filter { ($0.awaySince.map { now.timeIntervalSince($0) } ?? 0) > grace }
            for session in gone { sessions.removeValue(forKey: session.id) }
            return gone
        }
        for session in ended { session.end() }
    }

    /// Ends every session (the relay stops).
    func endAll() {
        let all = lock.withLock { () -> [RelaySession] in
            defer { sessions = [:] }
            return Array(sessions.values)
        }
        for session in all { session.end() }
    }

    /// Letters, digits, `-` and `_` only.
    static func isPlain(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "_"
            }
    }
}
