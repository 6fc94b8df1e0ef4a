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
    /// The whole body, refusing (``LibraryClientError/tooLarge(url:limit:)``) a document larger
    /// than `limit` bytes without ever holding more than that.
    func fetch(_ url: URL, limit: Int) async throws -> Data
    /// Writes the body to the file `destination` (created or replaced), refusing like
    /// ``fetch(_:limit:)`` a body larger than `limit` bytes; the seed of a large catalog comes
    /// this way, so it never has to fit in memory.
    func download(_ url: URL, limit: Int, to destination: URL) async throws
    /// The body, or ``ConditionalDocument/notModified`` when the server says the copy that
    /// `validators` identify is current (`If-None-Match`, `If-Modified-Since` → 304).
    func fetch(_ url: URL, limit: Int, ifChangedFrom validators: DocumentValidators?) async throws
        -> ConditionalDocument
}

extension CatalogTransport {
    public func fetch(_ url: URL, limit: Int) async throws -> Data {
        let data = try await fetch(url)
        guard data.count <= limit else { throw LibraryClientError.tooLarge(url: url.absoluteString, limit: limit) }
        return data
    }

    /// Fetches the whole body, then writes it: transports that can stream to a file do better.
    public func download(_ url: URL, limit: Int, to destination: URL) async throws {
        let data = try await fetch(url, limit: limit)
        do { try data.write(to: destination) } catch {
            throw LibraryClientError.unreachable(url: url.absoluteString, reason: error.localizedDescription)
        }
    }
}

/// The default transport: files through `FileManager`, http(s) through `URLSession`, retrying
/// what is worth retrying (408, 429, 500, 502, 503, 504, a dropped or stalled connection) as the
/// policy allows, with backoff, jitter and the server's `Retry-After`.
public struct URLCatalogTransport: CatalogTransport {
    /// Seconds before a request gives up.
    public var timeout: TimeInterval
    /// How many retries, how far apart, within what budget.
    public var policy: DownloadPolicy

    /// A transport whose requests give up after `timeout` seconds without data and retry
    /// transient failures as `policy` says.
    public init(timeout: TimeInterval = 30, policy: DownloadPolicy = DownloadPolicy()) {
        self.timeout = timeout
        self.policy = policy
    }

    /// Documents larger than this are refused when no tighter limit is known (catalog.json).
    public static let defaultLimit = 64 << 20

    public func fetch(_ url: URL) async throws -> Data {
        try await fetch(url, limit: Self.defaultLimit)
    }

    public func fetch(_ url: URL, limit: Int) async throws -> Data {
        if url.isFileURL { return try readFile(url, limit: limit) }
        return try await get(url, limit: limit, into: nil)
    }

    public func fetch(_ url: URL, limit: Int, ifChangedFrom validators: DocumentValidators?) async throws
        -> ConditionalDocument
    {
        if url.isFileURL { return .changed(try readFile(url, limit: limit), DocumentValidators()) }
        var backoff = RetryBackoff(policy: policy)
        while true {
            do {
                let (data, response) = try await getOnce(url, limit: limit, into: nil, validators: validators)
                guard let response else { return .changed(data, DocumentValidators()) }
                if response.statusCode == 304 { return .notModified }
                return .changed(
                    data,
                    DocumentValidators(
                        etag: response.value(forHTTPHeaderField: "ETag"),
                        lastModified: response.value(forHTTPHeaderField: "Last-Modified")))
            } catch let failure as RetryableDocument {
                guard let wait = backoff.next(retryAfter: failure.retryAfter) else { throw failure.error }
                try await RetryBackoff.sleep(wait)
            }
        }
    }

    /// Streams an http(s) body to `destination` as it arrives; copies a file.
    public func download(_ url: URL, limit: Int, to destination: URL) async throws {
        if url.isFileURL {
            let data = try readFile(url, limit: limit)
            do { try data.write(to: destination) } catch {
                throw LibraryClientError.cannotWrite(error, path: destination.path, needed: Int64(data.count))
            }
            return
        }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil),
            let sink = FileHandle(forWritingAtPath: destination.path)
        else {
            throw LibraryClientError.cannotCreate(destination.path)
        }
        defer { try? sink.close() }
        _ = try await get(url, limit: limit, into: sink, sinkPath: destination.path)
    }

    private func get(_ url: URL, limit: Int, into sink: FileHandle?, sinkPath: String = "") async throws -> Data {
        var backoff = RetryBackoff(policy: policy)
        while true {
            do {
                return try await getOnce(url, limit: limit, into: sink, sinkPath: sinkPath, validators: nil).0
            } catch let failure as RetryableDocument {
                guard let wait = backoff.next(retryAfter: failure.retryAfter) else { throw failure.error }
                try await RetryBackoff.sleep(wait)
                if let sink {
                    try? sink.truncate(atOffset: 0)
                    try? sink.seek(toOffset: 0)
                }
            }
        }
    }

    /// One request; a failure worth retrying is a ``RetryableDocument``.
    private func getOnce(
        _ url: URL, limit: Int, into sink: FileHandle?, sinkPath: String = "", validators: DocumentValidators?
    ) async throws -> (Data, HTTPURLResponse?) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw LibraryClientError.invalidLocation(url.absoluteString)
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = validators?.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        let data: Data
        let response: URLResponse?
        do {
            (data, response) = try await CappedDataTask.get(
                request, limit: limit, configuration: configuration, sink: sink, sinkPath: sinkPath)
        } catch let error as LibraryClientError {
            throw error
        } catch {
            let failure = LibraryClientError.unreachable(url: url.absoluteString, reason: error.localizedDescription)
            if let code = (error as? URLError)?.code, Self.permanent.contains(code) { throw failure }
            throw RetryableDocument(error: failure, retryAfter: nil)
        }
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 200
        if TransientFailure.isTransient(status: status) {
            throw RetryableDocument(
                error: .httpStatus(url: url.absoluteString, status: status),
                retryAfter: TransientFailure.retryAfter(http?.value(forHTTPHeaderField: "Retry-After")))
        }
        if status == 404 || status == 410 { throw LibraryClientError.missingFile(url: url.absoluteString) }
        if status == 304, validators != nil { return (Data(), http) }
        guard (200..<300).contains(status) else {
            throw LibraryClientError.httpStatus(url: url.absoluteString, status: status)
        }
        return (data, http)
    }

    private func readFile(_ url: URL, limit: Int) throws -> Data {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw LibraryClientError.missingFile(url: path)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        if size > limit { throw LibraryClientError.tooLarge(url: path, limit: limit) }
        do { return try Data(contentsOf: url) } catch {
            throw LibraryClientError.unreachable(url: path, reason: error.localizedDescription)
        }
    }
}

extension URLCatalogTransport {
    /// Connection errors that another attempt cannot mend.
    static let permanent: Set<URLError.Code> = [.badURL, .unsupportedURL, .cannotFindHost, .userAuthenticationRequired]
}

/// A document request that failed in a way worth another attempt.
struct RetryableDocument: Error {
    var error: LibraryClientError
    var retryAfter: TimeInterval?
}
