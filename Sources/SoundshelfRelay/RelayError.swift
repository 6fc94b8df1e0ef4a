import Foundation
import Hummingbird

/// What the relay refuses or could not do, with the HTTP status a player's request gets for it.
package enum RelayError: Error, Equatable, CustomStringConvertible {
    /// The key file could not be read or holds no key of at least ``RelayKeys/minimumLength`` characters.
    case keyFile(path: String, reason: String)
    /// No session with this id is on the relay (never was, or its owner left longer than the grace period ago).
    case noSession(String)
    /// The listen link is unknown, revoked or expired.
    case badToken(session: String)
    /// Too many wrong tokens or sessions from one address lately.
    case tooManyGuesses(address: String, retryAfter: Int)
    /// The owner's soundboard is not connected now, so a file the relay does not hold cannot be had.
    case ownerAway(session: String)
    /// The owner answered a fetch with no file, or with bytes whose SHA-256 is not the one announced.
    case fileUnavailable(item: String, take: Int, reason: String)
    /// A path segment that is not a plain id or page file name.
    case notFound(String)

    package var description: String {
        switch self {
        case .keyFile(let path, let reason): "\(path): \(reason)"
        case .noSession(let id): "no session '\(id)' on this relay (the game master's soundboard may have stopped)"
        case .badToken:
            "this listen link is unknown, was revoked or has expired; ask the game master for a new one from the Players panel"
        case .tooManyGuesses(let address, let seconds):
            "too many wrong listen links from \(address); try again in \(seconds) s"
        case .ownerAway:
            "the game master's soundboard is not connected to the relay now; this sound comes once it is back"
        case .fileUnavailable(let item, let take, let reason): "item \(item) take \(take): \(reason)"
        case .notFound(let what): "no \(what) on this relay"
        }
    }

    var status: HTTPResponse.Status {
        switch self {
        case .keyFile: .internalServerError
        case .noSession, .notFound, .fileUnavailable: .notFound
        case .badToken: .unauthorized
        case .tooManyGuesses: .tooManyRequests
        case .ownerAway: .serviceUnavailable
        }
    }
}
