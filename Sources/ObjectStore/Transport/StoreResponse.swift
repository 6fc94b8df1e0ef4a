import Foundation

/// The status and headers of an answer (header names compared case-insensitively).
struct StoreResponse: Sendable {
    var statusCode: Int
    /// Header values by lowercased name.
    var headers: [String: String]

    init(statusCode: Int, headers: [String: String]) {
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, b in b })
    }

    func value(forHTTPHeaderField name: String) -> String? { headers[name.lowercased()] }
}

/// No answer: the connection was refused, dropped or timed out (`transient`: worth another
/// try), or the request could not be made at all.
struct TransportFailure: Error {
    var reason: String
    var transient: Bool
}
