import Foundation
import Hummingbird

/// Asks every request for the server's token (401 without it): as `?token=` in the URL (the one
/// printed at start; the answer then sets it as a cookie, HttpOnly and SameSite=Strict, so the
/// page's own requests carry it), as that cookie, or in a header (`X-Soundshelf-Token: T` or
/// `Authorization: Bearer T`). Compared in constant time. A listener's request (a live listen
/// token: ``ListenerGuard`` has limited what it reaches) passes without the owner's token.
struct TokenGuard: RouterMiddleware {
    typealias Context = BasicRequestContext

    let token: String
    let hosts: AllowedHosts
    let listeners: ListenerHub

    static let header = HTTPFields.Element.Name("X-Soundshelf-Token")!

    /// The cookie's name, per port: cookies are shared by every port of a host, so two servers on
    /// one machine keep their own.
    static func cookieName(port: Int) -> String { "soundshelf-token-\(port)" }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if ListenerGuard.isListener(request, hub: listeners, port: hosts.listeningPort) {
            return try await next(request, context)
        }
        let cookie = Self.cookieName(port: hosts.listeningPort)
        if let given = request.uri.queryParameters["token"].map(String.init), AccessToken.matches(given, token) {
            var response = try await next(request, context)
            response.setCookie(Cookie(name: cookie, value: token, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        let presented =
            [
                request.cookies[cookie]?.value, request.headers[Self.header],
                Self.bearer(request.headers[.authorization]),
            ]
        guard presented.contains(where: { $0.map { AccessToken.matches($0, token) } ?? false }) else {
            throw APIError(
                status: .unauthorized,
                message:
                    "this server needs its token: open the URL it printed at start (…/?token=…), or send the header X-Soundshelf-Token"
            )
        }
        return try await next(request, context)
    }

    /// The token of `Authorization: Bearer T`.
    static func bearer(_ value: String?) -> String? {
        guard let value, value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
    }
}
