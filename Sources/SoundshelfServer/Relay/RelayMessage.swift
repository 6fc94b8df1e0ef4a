import Foundation

/// One text message on the WebSocket between a game master's `client serve` (the owner) and a
/// relay (docs/FORMAT.md §15.3), a JSON object with a `type`:
///
/// The owner's:
/// - `hello` `{session, secret}`: the session it holds (the owner makes both; a relay that lost
///   the session, or another relay behind the same address, takes them as given). Answered by `welcome`.
/// - `state` `{listeners, snapshot, origins}`: every live listen link and what plays now (after `welcome`,
///   so a relay that restarted or took over has it all again); times are the relay's.
/// - `grant` `{listener}` / `revoke` `{token}`: a listen link made or revoked on the owner's panel.
/// - `listen` `{event}`: what the owner's page plays (its `at` in the relay's time).
/// - `clock` `{sent}`: a round trip's start (the owner's time, ms); answered with `clock` `{sent, now}`.
/// - `file` `{id, sha256, bytes, contentType}` then `bytes` of binary messages: the audio a `fetch` asked for;
///   `missing` `{id, message}` when there is none.
///
/// The relay's: `welcome` `{session, now}`, `clock` `{sent, now}`, `players` `{streams, delays}` (the
/// open streams per token and how late events reach them, whenever either changes), `fetch` `{id, item, take}` (audio a player asked for
/// that the relay does not hold), `refused` `{message}` (then it closes).
///
/// ```swift
/// let hello = RelayMessage(type: .hello, session: "s_…", secret: "…")
/// ```
package struct RelayMessage: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        case hello, welcome, state, grant, revoke, listen, clock, players, fetch, file, missing, refused
    }

    package var type: Kind
    package var session: String?
    package var secret: String?
    package var listeners: [ListenerHub.ListenLink]?
    package var listener: ListenerHub.ListenLink?
    package var snapshot: ListenSnapshot?
    package var token: String?
    package var event: ListenEvent?
    package var sent: Double?
    package var now: Double?
    package var streams: [String: Int]?
    /// In `players`: how late events reach each token's players (ms, p95), as they reported it.
    package var delays: [String: Double]?
    package var id: Int?
    package var item: String?
    package var take: Int?
    package var sha256: String?
    package var bytes: Int?
    package var message: String?
    /// A `file`'s content type (`audio/wav`, …), as the owner serves it.
    package var contentType: String?
    /// In `state`: the origins the owner's files are published at (the listen page may fetch from them).
    package var origins: [String]?

    package init(
        type: Kind, session: String? = nil, secret: String? = nil, listeners: [ListenerHub.ListenLink]? = nil,
        listener: ListenerHub.ListenLink? = nil, snapshot: ListenSnapshot? = nil, token: String? = nil,
        event: ListenEvent? = nil, sent: Double? = nil, now: Double? = nil, streams: [String: Int]? = nil,
        delays: [String: Double]? = nil,
        id: Int? = nil, item: String? = nil, take: Int? = nil, sha256: String? = nil, bytes: Int? = nil,
        message: String? = nil, contentType: String? = nil, origins: [String]? = nil
    ) {
        self.type = type
        self.session = session
        self.secret = secret
        self.listeners = listeners
        self.listener = listener
        self.snapshot = snapshot
        self.token = token
        self.event = event
        self.sent = sent
        self.now = now
        self.streams = streams
        self.delays = delays
        self.id = id
        self.item = item
        self.take = take
        self.sha256 = sha256
        self.bytes = bytes
        self.message = message
        self.contentType = contentType
        self.origins = origins
    }

    /// The largest text message either side accepts (a `state` with 64 recent files and every
    /// layer fits many times over).
    package static let maxText = 256 * 1024
    /// The largest binary message: a file goes in pieces of at most this.
    package static let chunk = 60 * 1024
    /// The largest file a relay takes from an owner.
    package static let maxFile = 64 * 1024 * 1024

    /// The message as one line of JSON.
    package func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// A message read from its text; throws `DecodingError` when it is not one.
    package static func decoded(_ text: String) throws -> RelayMessage {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(RelayMessage.self, from: Data(text.utf8))
    }

    /// The ids a session and its secret are made of: 128 random bits, base64url.
    package static func randomID() -> String {
        String(AccessToken.random().prefix(22))
    }
}
