/// What can go wrong while reading a music service or its cache; every case names the service
/// and, where one is involved, the playlist id. Tokens never appear in a message.
///
/// ```swift
/// catch let error as MusicServiceError { print(error.description) }
/// ```
public enum MusicServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 401 or 403: the token was refused.
    case unauthorized(service: MusicService, playlistID: String, status: Int)
    /// 404: the service has no such playlist.
    case playlistNotFound(service: MusicService, playlistID: String)
    /// Another non-2xx answer (after the retries).
    case httpStatus(service: MusicService, playlistID: String, status: Int)
    /// Still 429 after the allowed retries.
    case rateLimited(service: MusicService, playlistID: String)
    /// The connection failed (after the retries).
    case unreachable(service: MusicService, playlistID: String, reason: String)
    /// The answer is not the documented JSON.
    case malformedResponse(service: MusicService, playlistID: String, detail: String)
    /// The answer was larger than the limit; nothing past it was kept.
    case responseTooLarge(service: MusicService, playlistID: String, limit: Int)
    /// A paging link pointed away from the service's API address; it was not followed.
    case foreignLink(service: MusicService, playlistID: String, link: String)
    /// A service value in the database this version does not know.
    case unknownStoredService(String)
    /// A `client tracks` cursor that this library did not make.
    case invalidCursor(String)

    public var description: String {
        switch self {
        case .unauthorized(let service, let id, let status):
            return "\(service.displayName) refused playlist \(id) (HTTP \(status)): the token was not accepted"
        case .playlistNotFound(let service, let id):
            return "\(service.displayName) has no playlist \(id) (HTTP 404)"
        case .httpStatus(let service, let id, let status):
            return "\(service.displayName) answered HTTP \(status) for playlist \(id)"
        case .rateLimited(let service, let id):
            return "\(service.displayName) kept rate-limiting playlist \(id) (HTTP 429) after the allowed retries"
        case .unreachable(let service, let id, let reason):
            return "\(service.displayName) could not be reached for playlist \(id) (\(reason))"
        case .malformedResponse(let service, let id, let detail):
            return "\(service.displayName) sent a malformed answer for playlist \(id) (\(detail))"
        case .responseTooLarge(let service, let id, let limit):
            return
                "\(service.displayName) sent more than \(limit >> 20) MiB for playlist \(id); nothing past that was kept"
        case .foreignLink(let service, let id, let link):
            return
                "\(service.displayName) paged playlist \(id) to \(link), away from its API address; the link was not followed"
        case .unknownStoredService(let text):
            return "the database names a music service '\(text)' that this version does not know"
        case .invalidCursor(let text):
            return "'\(text)' is not a cursor from this listing"
        }
    }
}
