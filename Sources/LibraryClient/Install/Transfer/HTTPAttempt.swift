import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request of a download through URLSession (Apple platforms; on Linux ``CurlAttempt``
/// unless the policy prefers URLSession): a URLSession data task whose delegate appends to the sink
/// (hashing as bytes arrive), asks `Range: bytes=N-` when the sink already holds N bytes, restarts
/// cleanly on a 200, cancels the moment the body passes the declared size, and cancels itself
/// when no byte arrives for the stall timeout.
///
/// The delegate runs on a ``BoundedDelegateQueue``: when it falls behind, the network thread
/// waits, so memory stays bounded whatever the disk does. For the same reason the delegate never
/// calls `task.cancel()` itself (it waits for the network thread): ``fail(with:)`` hands it over.
final class HTTPAttempt: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Outcome {
        case complete
        case transient(PackInstallError, retryAfter: TimeInterval? = nil)
        case fatal(any Error)
    }

    private let url: URL
    private let sink: DownloadSink
    private let policy: DownloadPolicy
    private let lock = NSLock()
    private var lastActivity = Date()
    private var failure: (any Error)?
    private var stalled = false
    private var task: URLSessionDataTask?
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var finished = false

    init(url: URL, sink: DownloadSink, policy: DownloadPolicy) {
        self.url = url
        self.sink = sink
        self.policy = policy
    }

    /// Runs the request to its end (or cancellation) and classifies the result.
    func run() async -> Outcome {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.resourceTimeout
        configuration.timeoutIntervalForResource = policy.resourceTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // No URL cache at all: a cacheable response would otherwise be collected in memory.
        configuration.urlCache = nil
        let queue = BoundedDelegateQueue()
        defer { queue.close() }
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: policy.resourceTimeout)
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if sink.written > 0 { request.setValue("bytes=\(sink.written)-", forHTTPHeaderField: "Range") }
        let task = session.dataTask(with: request)
        lock.withLock {
            self.task = task
            lastActivity = Date()
        }
        let watchdog = startWatchdog()
        defer { watchdog.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = lock.withLock { () -> Bool in
                    self.continuation = continuation
                    return failure != nil
                }
                task.resume()
                if cancelled || Task.isCancelled { fail(with: CancellationError()) }
            }
        } onCancel: {
            fail(with: CancellationError())
        }
    }

    private func startWatchdog() -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let tick = max(0.05, min(0.5, policy.stallTimeout / 4))
        timer.schedule(deadline: .now() + tick, repeating: tick)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let idle = self.lock.withLock { Date().timeIntervalSince(self.lastActivity) }
            if idle > self.policy.stallTimeout {
                self.lock.withLock { self.stalled = true }
                self.lock.withLock { self.task }?.cancel()
            }
        }
        timer.resume()
        return timer
    }

    /// Records the first failure and cancels the task (from another thread: `cancel()` waits for
    /// the network thread, which may be waiting for the delegate queue).
    private func fail(with error: any Error) {
        let task = lock.withLock { () -> URLSessionDataTask? in
            if failure == nil { failure = error }
            return self.task
        }
        guard let task else { return }
        DispatchQueue.global().async { task.cancel() }
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { lastActivity = Date() }
        do {
            try accept(response)
            completionHandler(.allow)
        } catch {
            lock.withLock { if failure == nil { failure = error } }
            completionHandler(.cancel)
        }
    }

    private func accept(_ response: URLResponse) throws {
        let http = response as? HTTPURLResponse
        let head = HTTPResponseHead(
            status: http?.statusCode ?? 200, contentRange: http?.value(forHTTPHeaderField: "Content-Range"),
            contentLength: response.expectedContentLength, retryAfter: http?.value(forHTTPHeaderField: "Retry-After"))
        try head.accept(into: sink, url: url.absoluteString)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let now = Date()
        guard
            lock.withLock({
                lastActivity = now
                return failure == nil
            })
        else { return }
        do { try sink.append(data) } catch { fail(with: error) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        do { try sink.flush() } catch { lock.withLock { if failure == nil { failure = error } } }
        let (recorded, stalled, continuation) = lock.withLock {
            () -> ((any Error)?, Bool, CheckedContinuation<Outcome, Never>?) in
            defer {
                self.continuation = nil
                finished = true
            }
            return (failure, self.stalled, self.continuation)
        }
        continuation?.resume(returning: classify(recorded: recorded, stalled: stalled, error: error))
    }

    private func classify(recorded: (any Error)?, stalled: Bool, error: (any Error)?) -> Outcome {
        let name = url.absoluteString
        if let recorded { return HTTPResponseHead.outcome(recorded: recorded, url: name) }
        if stalled {
            return .transient(
                .timedOut(url: name, seconds: policy.stallTimeout, received: sink.written, expected: sink.expectedBytes)
            )
        }
        if let error {
            let reason = (error as? URLError).map { "\($0.code.rawValue): \($0.localizedDescription)" } ?? "\(error)"
            if let code = (error as? URLError)?.code, Self.permanent.contains(code) {
                return .fatal(PackInstallError.unreachable(url: name, reason: reason))
            }
            return .transient(.unreachable(url: name, reason: reason))
        }
        if sink.written < sink.expectedBytes {
            return .transient(
                .unreachable(
                    url: name, reason: "the connection closed after \(sink.written) of \(sink.expectedBytes) bytes"))
        }
        return .complete
    }

    private static let permanent: Set<URLError.Code> = [
        .badURL, .unsupportedURL, .cannotFindHost, .userAuthenticationRequired,
    ]
}

/// The server's answer to a range request cannot be appended: start over right away.
struct RetryNow: Error {}
