import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads a small published document (catalog.json, a signature, the seed, a manifest) from a
/// `file://` or `http(s)://` URL.
///
/// ```swift
/// let data = try await URLCatalogTransport().fetch(loc.catalogURL)
/// ```
public protocol CatalogTransport: Sendable {
    /// The whole body, or a ``LibraryClientError`` naming the URL (`missingFile` for 404 /
    /// no such file, `httpStatus` for other non-2xx answers, `unreachable` otherwise).
    func fetch(_ url: URL) async throws -> Data
}

/// The default transport: files through `FileManager`, http(s) through `URLSession`.
public struct URLCatalogTransport: CatalogTransport {
    /// Seconds before a request gives up.
    public var timeout: TimeInterval

    public init(timeout: TimeInterval = 30) { self.timeout = timeout }

    public func fetch(_ url: URL) async throws -> Data {
        if url.isFileURL { return try readFile(url) }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw LibraryClientError.invalidLocation(url.absoluteString)
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw LibraryClientError.unreachable(url: url.absoluteString, reason: error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        if status == 404 || status == 410 { throw LibraryClientError.missingFile(url: url.absoluteString) }
        guard (200..<300).contains(status) else {
            throw LibraryClientError.httpStatus(url: url.absoluteString, status: status)
        }
        return data
    }

    private func readFile(_ url: URL) throws -> Data {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw LibraryClientError.missingFile(url: path)
        }
        do { return try Data(contentsOf: url) } catch {
            throw LibraryClientError.unreachable(url: path, reason: error.localizedDescription)
        }
    }
}
