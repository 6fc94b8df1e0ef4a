import Hummingbird

/// Refuses a request whose `Host` does not name this server: 421 for any other name (a page whose
/// domain was rebound to 127.0.0.1 sends its own name, so it can neither read nor change anything),
/// 400 when the request names no host at all (HTTP/1.1 requires one; HTTP/1.0 requests without it
/// are refused too). Every `Host` value a request carries must name this server.
struct HostGuard: RouterMiddleware {
    typealias Context = BasicRequestContext

    let hosts: AllowedHosts

    static let host = HTTPFields.Element.Name("Host")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // HTTP/1 moves the first Host header into the authority; any further one stays a field.
        let values = [request.head.authority].compactMap { $0 } + request.headers[values: Self.host]
        guard !values.isEmpty else {
            throw APIError(
                status: .badRequest,
                message: "the request names no host; send a Host header naming this server (\(hosts.loopbackNames))")
        }
        if let other = values.first(where: { !hosts.allows($0) }) {
            throw APIError(
                status: .misdirectedRequest,
                message:
                    "this server answers only requests addressed to it (\(hosts.loopbackNames)), not to '\(other)'")
        }
        return try await next(request, context)
    }
}
