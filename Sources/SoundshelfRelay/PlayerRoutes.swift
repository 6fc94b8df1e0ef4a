import Foundation
import Hummingbird
import SoundshelfServer

/// What a player reaches on the relay, per session, exactly as `client serve` serves it on the
/// LAN under `/listen` (docs/FORMAT.md §15.3): `/s/{session}/listen?token=…` (the listen page; sets
/// the session's listen cookie), `/s/{session}/listen/{file}` (its modules), `…/listen/clock`,
/// `…/listen/events` (SSE: a `snapshot`, then `listen` and `clock` events) and
/// `…/listen/audio/{item}[/{take}]` (the owner's file, from the relay's cache). Each needs a live
/// listen link's token; wrong tokens and unknown sessions count against the address.
struct PlayerRoutes {
    let sessions: RelaySessions
    let cache: RelayFileCache
    let guesses: GuessLimiter
    let page: SoundboardPage

    func register(on router: Router<RelayRequestContext>) {
        router.get("/s/{session}/listen") { request, context in
            let (session, token) = try self.admit(request, context)
            var response = try PageRoutes.respond(page, "listen.html")
            // The page fetches each sound where the catalog publishes it (checked by its SHA-256).
            let origins = session.origins.joined(separator: " ")
            response.headers[.contentSecurityPolicy] =
                "default-src 'self'; connect-src 'self'\(origins.isEmpty ? "" : " " + origins); media-src 'self'; "
                + "img-src 'self' data:; object-src 'none'; frame-ancestors 'none'"
            if request.uri.queryParameters["token"].map(String.init) == token {
                response.setCookie(
                    Cookie(
                        name: Self.cookieName(session.id), value: token, path: "/s/\(session.id)/listen",
                        httpOnly: true, sameSite: .strict))
            }
            return response
        }
        router.get("/s/{session}/listen/clock") { request, context in
            let (session, token) = try self.admit(request, context)
            // A player's page reports how late events reach it (`?delay=MS`) on its round trips.
            if let delay = request.uri.queryParameters["delay"].flatMap({ Double(String($0)) }) {
                session.hub.report(token: token, delay: delay)
            }
            return try RelayJSON.response(["now": ServerClock.now()])
        }
        router.get("/s/{session}/listen/events") { request, context in
            let (session, token) = try self.admit(request, context)
            return ServerEvent.response(session.hub.subscribe(token: token))
        }
        router.get("/s/{session}/listen/audio/{item}") { request, context in
            try await self.audio(request, context, take: "0")
        }
        router.get("/s/{session}/listen/audio/{item}/{take}") { request, context in
            try await self.audio(request, context, take: try context.parameter("take"))
        }
        router.get("/s/{session}/listen/{file}") { request, context in
            _ = try self.admit(request, context)
            let name = try context.parameter("file")
            guard ListenerRoutes.pageFiles.contains(name) else {
                throw RelayError.notFound("listen page file '\(name)'")
            }
            return try PageRoutes.respond(page, name)
        }
    }

    /// The listen cookie of a session (its path scopes it to the session's listen page).
    static func cookieName(_ session: String) -> String { "soundshelf-listen-\(session)" }

    /// The session and the live token of a player's request, or the refusal (counted as a guess).
    private func admit(_ request: Request, _ context: RelayRequestContext) throws -> (RelaySession, String) {
        let peer = context.peer
        if let seconds = guesses.wait(for: peer) { throw RelayError.tooManyGuesses(address: peer, retryAfter: seconds) }
        let id = try context.parameter("session")
        guard let session = sessions.session(id) else {
            guesses.failed(peer)
            throw RelayError.noSession(id)
        }
        let presented = [
            request.uri.queryParameters["token"].map(String.init),
            request.cookies[Self.cookieName(id)]?.value,
            request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil },
        ].compactMap { $0 }
        guard let token = presented.lazy.compactMap({ session.hub.listener(matching: $0) }).first else {
            guesses.failed(peer)
            throw RelayError.badToken(session: id)
        }
        return (session, token)
    }

    private func audio(_ request: Request, _ context: RelayRequestContext, take text: String) async throws -> Response {
        let (session, _) = try admit(request, context)
        let item = try context.parameter("item")
        guard AudioRoutes.isPlainID(item), let take = Int(text), take >= 0, String(take) == text else {
            throw RelayError.notFound("item '\(item)' take '\(text)'")
        }
        let file = try await session.file(item: item, take: take, cache: cache)
        return RelayJSON.file(file, range: request.headers[.range])
    }
}
