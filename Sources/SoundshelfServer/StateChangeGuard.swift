import Hummingbird

/// Refuses (403) a POST, PUT, PATCH or DELETE without `X-Soundshelf: 1`: a page from another origin
/// cannot send that header without a CORS preflight, which this server never allows.
struct StateChangeGuard: RouterMiddleware {
    typealias Context = BasicRequestContext

    static let header = HTTPFields.Element.Name("X-Soundshelf")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        switch request.method {
        case .get, .head: return try await next(request, context)
        default:
            guard request.headers[Self.header] == "1" else {
                throw APIError(
                    status: .forbidden,
                    message: "a request that changes something must carry the header X-Soundshelf: 1")
            }
            return try await next(request, context)
        }
    }
}
