import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests over URLSession (Apple platforms; Linux with `SOUNDSHELF_HTTP_TRANSPORT=urlsession`).
/// A file body is read into memory first: each upload in flight holds its bytes.
final class URLSessionStoreTransport: StoreTransport {
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 120
        configuration.httpMaximumConnectionsPerHost = 8
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    func send(_ request: URLRequest, file: FileSlice?) async throws -> (Data, StoreResponse) {
        var request = request
        if let file { request.httpBody = try file.read() }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let code = RetryPolicy.urlErrorCode(error)
            throw TransportFailure(
                reason: (error as NSError).localizedDescription, transient: code.map(RetryPolicy.isTransient) ?? false)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportFailure(reason: "the answer was not an HTTP response", transient: false)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return (data, StoreResponse(statusCode: http.statusCode, headers: headers))
    }
}
