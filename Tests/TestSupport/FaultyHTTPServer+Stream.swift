import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPFetch {
    /// Reads a response body as it arrives and cancels the transfer once `limit` bytes came in
    /// (or the body ends first); returns how many bytes were read and whether it was cancelled.
    ///
    /// ```swift
    /// let read = try await HTTPFetch.stream(url, cancelAfter: 10 << 20)
    /// #expect(read.cancelled && read.bytes >= 10 << 20)
    /// ```
    public static func stream(
        _ url: URL, cancelAfter limit: Int, timeout: Double = 5,
        resourceTimeout: Double = 20
    ) async throws -> (bytes: Int, cancelled: Bool) {
        let reader = StreamReader(limit: limit)
        let session = URLSession(
            configuration: configuration(timeout: timeout, resourceTimeout: resourceTimeout),
            delegate: reader, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        return try await withCheckedThrowingContinuation { continuation in
            reader.start(session.dataTask(with: url), continuation: continuation)
        }
    }
}

/// Counts streamed bytes and cancels past a limit.
///
/// `@unchecked Sendable`: URLSession calls the delegate methods on its own queue; every stored
/// property is read and written only while holding `lock`.
private final class StreamReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var received = 0
    private var cancelled = false
    private var continuation: CheckedContinuation<(bytes: Int, cancelled: Bool), any Error>?

    init(limit: Int) { self.limit = limit }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<(bytes: Int, cancelled: Bool), any Error>)
    {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
        task.resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        received += data.count
        let cancel = received >= limit && !cancelled
        if cancel { cancelled = true }
        lock.unlock()
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        let result = (bytes: received, cancelled: cancelled)
        lock.unlock()
        if let error, !result.cancelled {
            continuation?.resume(throwing: error)
        } else {
            continuation?.resume(returning: result)
        }
    }
}
