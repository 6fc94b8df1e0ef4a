import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET that keeps at most `limit` bytes: the moment a server sends more (a wrong or
/// endless response), the task is cancelled and the fetch fails — memory never grows past
/// the limit; an error status with a longer page is returned without its body, for the caller
/// to judge by the status. FoundationNetworking on Linux has no `bytes(for:)`, so this is a data
/// task with a delegate.
final class CappedDataTask: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Guarded by `lock`; the delegate's callbacks and the awaiting caller touch it.
    private let lock = NSLock()
    private var body = Data()
    private var overLimit = false
    private var continuation: CheckedContinuation<(Data, URLResponse?), any Error>?
    private var response: URLResponse?
    /// Bytes received so far (in `body`, or written to `sink`).
    private var received = 0
    let limit: Int
    /// When set, the body goes to this file as it arrives instead of into memory.
    let sink: FileHandle?
    /// A write to `sink` that failed, and how many bytes were still to come.
    private var writeFailure: (error: any Error, needed: Int64)?

    init(limit: Int, sink: FileHandle? = nil) {
        self.limit = limit
        self.sink = sink
    }

    /// The body and response; throws ``LibraryClientError/tooLarge(url:limit:)`` past the limit.
    static func get(
        _ request: URLRequest, limit: Int, configuration: URLSessionConfiguration, sink: FileHandle? = nil,
        sinkPath: String = "the download file"
    ) async throws -> (Data, URLResponse?) {
        let task = CappedDataTask(limit: limit, sink: sink)
        let session = URLSession(configuration: configuration, delegate: task, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let url = request.url?.absoluteString ?? "?"
        let (data, response) = try await withCheckedThrowingContinuation { continuation in
            task.lock.lock()
            task.continuation = continuation
            task.lock.unlock()
            session.dataTask(with: request).resume()
        }
        if let (error, needed) = task.lock.withLock({ task.writeFailure }) {
            throw LibraryClientError.cannotWrite(error, path: sinkPath, needed: needed)
        }
        if task.lock.withLock({ task.overLimit }) {
            // An error page longer than the document (a CDN's 503 or 404 page) is judged by its status.
            if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
                return (Data(), response)
            }
            throw LibraryClientError.tooLarge(url: url, limit: limit)
        }
        return (data, response)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { self.response = response }
        let declared = response.expectedContentLength
        if declared > Int64(limit) {
            lock.withLock { overLimit = true }
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel: Bool = lock.withLock {
            guard !overLimit else { return false }
            if received + data.count > limit {
                overLimit = true
                body = Data()
                return true
            }
            received += data.count
            if let sink {
                do { try sink.write(contentsOf: data) } catch {
                    let declared = response?.expectedContentLength ?? -1
                    let needed = declared > 0 ? declared - Int64(received - data.count) : Int64(data.count)
                    writeFailure = (error, needed)
                    return true
                }
            } else {
                body.append(data)
            }
            return false
        }
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result):
            (CheckedContinuation<(Data, URLResponse?), any Error>?, Result<(Data, URLResponse?), any Error>) =
                lock.withLock {
                    let c = self.continuation
                    self.continuation = nil
                    if overLimit || writeFailure != nil { return (c, .success((Data(), response))) }
                    if let error { return (c, .failure(error)) }
                    return (c, .success((body, response)))
                }
        continuation?.resume(with: result)
    }
}
