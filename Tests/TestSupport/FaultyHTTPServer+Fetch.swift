import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Plain HTTP requests for tests of the servers (and of code served by them), each with its
/// own ephemeral `URLSession`, no caching and short timeouts.
///
/// ```swift
/// let reply = try await HTTPFetch.get(server.baseURL.appendingPathComponent("a.bin"), range: "bytes=10-")
/// #expect(reply.status == 206)
/// ```
public enum HTTPFetch {
    /// A status, the response headers (names lower-cased) and the body.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data

        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    public static func get(
        _ url: URL, method: String = "GET", range: String? = nil, timeout: Double = 5,
        resourceTimeout: Double = 10
    ) async throws -> Reply {
        let session = URLSession(configuration: configuration(timeout: timeout, resourceTimeout: resourceTimeout))
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let range { request.setValue(range, forHTTPHeaderField: "Range") }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            headers[String(describing: key).lowercased()] = String(describing: value)
        }
        return Reply(status: http.statusCode, headers: headers, body: data)
    }

    static func configuration(timeout: Double, resourceTimeout: Double) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = resourceTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return configuration
    }
}
