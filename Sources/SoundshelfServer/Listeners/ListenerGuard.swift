import Foundation
import Hummingbird

/// Tells the players' requests from the owner's (docs/FORMAT.md §15.2). A request presenting a live listener
/// token (`?token=` on the listen page, the listen cookie, `X-Soundshelf-Token` or
/// `Authorization: Bearer`) is a listener's, also on loopback, and reaches only the listen page and
/// its files (`/listen…`, with its event stream), `/api/clock` and `/audio/…`: anything else is 403.
/// A listener token that is unknown or revoked is 401, and so is `/listen…` without a live one (the
/// owner's token is not a listener's). `?token=` on the listen page sets the listen cookie, scoped
/// to `/listen` (HttpOnly, SameSite=Strict), so the page's own requests carry it and the owner's
/// pages in the same browser never do.
struct ListenerGuard: RouterMiddleware {
    typealias Context = BasicRequestContext

    let hub: ListenerHub
    let hosts: AllowedHosts

    /// The listen cookie's name, per port (cookies are shared by every port of a host).
    static func cookieName(port: Int) -> String { "soundshelf-listen-\(port)" }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        let presented = Self.presented(request, port: hosts.listeningPort)
        if let token = presented.lazy.compactMap({ hub.listener(matching: $0) }).first {
            guard Self.isListenerPath(path) else {
                throw APIError(
                    status: .forbidden,
                    message:
                        "a listen link opens only the listen page, its events and the audio; the soundboard itself is the game master's"
                )
            }
            var response = try await next(request, context)
            if Self.isListenPage(path), request.uri.queryParameters["token"].map(String.init) == token {
                response.setCookie(
                    Cookie(
                        name: Self.cookieName(port: hosts.listeningPort), value: token, path: "/listen",
                        httpOnly: true, sameSite: .strict))
            }
            return response
        }
        if presented.contains(where: { $0.hasPrefix(ListenerHub.prefix) }) || Self.isListenPage(path) {
            throw APIError(
                status: .unauthorized,
                message:
                    "this listen link is unknown or was revoked (or the server restarted); ask the game master for a new one from the Players panel"
            )
        }
        return try await next(request, context)
    }

    /// Whether a request presents a live listener token (the owner's token guard lets it through:
    /// this guard has limited it already).
    static func isListener(_ request: Request, hub: ListenerHub, port: Int) -> Bool {
        presented(request, port: port).contains { hub.listener(matching: $0) != nil }
    }

    /// The live listener token a request presents, if any.
    static func token(of request: Request, hub: ListenerHub, port: Int) -> String? {
        presented(request, port: port).lazy.compactMap { hub.listener(matching: $0) }.first
    }

    /// Every token a request carries: `?token=`, the listen cookie, `X-Soundshelf-Token`, `Bearer`.
    static func presented(_ request: Request, port: Int) -> [String] {
        [
            request.uri.queryParameters["token"].map(String.init),
            request.cookies[cookieName(port: port)]?.value,
            request.headers[TokenGuard.header],
            TokenGuard.bearer(request.headers[.authorization]),
        ].compactMap { $0 }
    }

    /// `/listen` and the listen page's own files and stream (`/listen/…`).
    static func isListenPage(_ path: String) -> Bool {
        path == "/listen" || path.hasPrefix("/listen/")
    }

    /// What a listener may reach: the listen page and its files, the clock, the audio.
    static func isListenerPath(_ path: String) -> Bool {
        isListenPage(path) || path == "/api/clock" || path.hasPrefix("/audio/")
    }
}
