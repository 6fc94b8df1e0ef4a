import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a music client waits and retries: `Retry-After` on 429 (capped), backoff on 5xx and
/// dropped connections. The sleep is injectable so tests never wait.
package struct MusicRetryPolicy: Sendable {
    package var rateLimitRetries = 3
    package var maxRetryAfter: Double = 60
    package var failureRetries = 2
    package var backoff: [Double] = [1, 2]
    /// Waits the given number of seconds.
    package var sleep: @Sendable (Double) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1_000_000_000))
    }

    package init() {}
}

/// GETs of one service's JSON with the bearer token, the retries of ``MusicRetryPolicy`` and a
/// cap on each response. The token goes only into the `Authorization` header of requests to
/// the configured API origin; it is never part of an error.
struct MusicHTTP: Sendable {
    static let responseLimit = 16 << 20

    let service: MusicService
    let token: String
    let api: URL
    let retry: MusicRetryPolicy
    var timeout: TimeInterval = 30

    /// The decoded body of `url`; errors name the service and `playlistID`.
    func get<T: Decodable>(_ type: T.Type, _ url: URL, playlistID: String) async throws -> T {
        let data = try await body(url, playlistID: playlistID)
        do { return try JSONDecoder().decode(T.self, from: data) } catch let error as DecodingError {
            throw MusicServiceError.malformedResponse(
                service: service, playlistID: playlistID, detail: Self.describe(error))
        } catch {
            throw MusicServiceError.malformedResponse(service: service, playlistID: playlistID, detail: "not JSON")
        }
    }

    /// Whether `url` is on the API's origin (scheme, host and port), so the token may go there.
    func isOnAPI(_ url: URL) -> Bool {
        url.scheme?.lowercased() == api.scheme?.lowercased() && url.host?.lowercased() == api.host?.lowercased()
            && url.port == api.port
    }

    private func body(_ url: URL, playlistID: String) async throws -> Data {
        guard isOnAPI(url) else {
            throw MusicServiceError.foreignLink(service: service, playlistID: playlistID, link: url.absoluteString)
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        var rateLimited = 0
        var failed = 0
        while true {
            let data: Data
            let response: URLResponse?
            do {
                (data, response) = try await CappedDataTask.get(
                    request, limit: Self.responseLimit, configuration: configuration)
            } catch LibraryClientError.tooLarge {
                throw MusicServiceError.responseTooLarge(
                    service: service, playlistID: playlistID, limit: Self.responseLimit)
            } catch {
                guard failed < retry.failureRetries else {
                    throw MusicServiceError.unreachable(
                        service: service, playlistID: playlistID,
                        reason: (error as NSError).localizedDescription)
                }
                try await retry.sleep(retry.backoff[min(failed, retry.backoff.count - 1)])
                failed += 1
                continue
            }
            let http = response as? HTTPURLResponse
            let status = http?.statusCode ?? 200
            switch status {
            case 200..<300:
                return data
            case 429:
                guard rateLimited < retry.rateLimitRetries else {
                    throw MusicServiceError.rateLimited(service: service, playlistID: playlistID)
                }
                let header = TransientFailure.retryAfter(http?.value(forHTTPHeaderField: "Retry-After"))
                try await retry.sleep(min(header ?? 1, retry.maxRetryAfter))
                rateLimited += 1
            case 401, 403:
                throw MusicServiceError.unauthorized(service: service, playlistID: playlistID, status: status)
            case 404:
                throw MusicServiceError.playlistNotFound(service: service, playlistID: playlistID)
            case _ where TransientFailure.isTransient(status: status):  // 408, 500, 502, 503, 504
                guard failed < retry.failureRetries else {
                    throw MusicServiceError.httpStatus(service: service, playlistID: playlistID, status: status)
                }
                let asked = TransientFailure.retryAfter(http?.value(forHTTPHeaderField: "Retry-After"))
                let backoff = retry.backoff[min(failed, retry.backoff.count - 1)]
                try await retry.sleep(min(max(backoff, asked ?? 0), retry.maxRetryAfter))
                failed += 1
            default:
                throw MusicServiceError.httpStatus(service: service, playlistID: playlistID, status: status)
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context?, String) =
            switch error {
            case .dataCorrupted(let c): (c, "not valid JSON")
            case .keyNotFound(let key, let c): (c, "missing '\(key.stringValue)'")
            case .typeMismatch(_, let c): (c, "wrong type")
            case .valueNotFound(_, let c): (c, "null value")
            @unknown default: (nil, "undecodable")
            }
        let path =
            context.map { "$" + $0.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined() }
            ?? "$"
        return "\(what) at \(path)"
    }
}
