import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one signed request and returns the store's answer, whatever its status: libcurl on
/// Linux (``CurlStoreTransport``: request bodies read from the file as they are sent), URLSession
/// elsewhere (``URLSessionStoreTransport``). `prefersURLSession` (the tools:
/// `SOUNDSHELF_HTTP_TRANSPORT=urlsession`) picks URLSession on Linux too, for measuring one
/// against the other.
///
/// ```swift
/// let transport = StoreTransports.make(prefersURLSession: false)
/// let (body, response) = try await transport.send(request, file: nil)
/// ```
protocol StoreTransport: Sendable {
    /// `file`, when given, is the request body (`request.httpBody` is then nil). Throws
    /// ``TransportFailure`` when no answer came; a file that cannot be read throws its own error.
    func send(_ request: URLRequest, file: FileSlice?) async throws -> (Data, StoreResponse)
}

enum StoreTransports {
    /// libcurl on Linux unless `prefersURLSession`; URLSession elsewhere.
    static func make(prefersURLSession: Bool = false) -> any StoreTransport {
        #if os(Linux)
            if !prefersURLSession { return CurlStoreTransport() }
        #endif
        return URLSessionStoreTransport()
    }
}
