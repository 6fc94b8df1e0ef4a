#if os(Linux)
    import Foundation

    /// One HTTP request of a download through libcurl, the Linux transport: the same contract as
    /// ``HTTPAttempt`` (URLSession) without FoundationNetworking's per-chunk `Data`, timer and
    /// delegate hand-off, whose memory grew with the download.
    ///
    /// The request runs on a thread of its own (``CurlTransfer``); the body goes straight from
    /// libcurl's buffer into the sink (hashed and written there), so a slow disk slows the socket
    /// down and memory does not depend on the download's size. As with URLSession: `Range: bytes=N-`
    /// when the sink already holds N bytes, the response head checked by ``HTTPResponseHead`` before
    /// any byte is accepted, the transfer stopped the moment the body would pass the declared size,
    /// redirects followed (http and https only), a stall (no byte for `stallTimeout`) and task
    /// cancellation stop it within a poll interval.
    ///
    /// ```swift
    /// switch await CurlAttempt(url: url, sink: sink, policy: policy).run() { … }
    /// ```
    final class CurlAttempt: @unchecked Sendable {
        private let url: URL
        private let sink: DownloadSink
        private let policy: DownloadPolicy
        private let lock = NSLock()
        private var cancelled = false

        init(url: URL, sink: DownloadSink, policy: DownloadPolicy) {
            self.url = url
            self.sink = sink
            self.policy = policy
        }

        /// Runs the request to its end (or cancellation) and classifies the result.
        func run() async -> HTTPAttempt.Outcome {
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<HTTPAttempt.Outcome, Never>) in
                    let thread = Thread { [self] in continuation.resume(returning: perform()) }
                    thread.name = "soundshelf.download"
                    thread.start()
                }
            } onCancel: {
                lock.withLock { cancelled = true }
            }
        }

        /// The blocking half, on the download thread; every callback runs on this thread too.
        private func perform() -> HTTPAttempt.Outcome {
            let name = url.absoluteString
            let sink = self.sink
            var parser = HTTPResponseHeadParser()
            var accepted = false
            var failure: (any Error)?
            var stalled = false
            var lastActivity = DispatchTime.now().uptimeNanoseconds
            let stallNanoseconds = UInt64(max(0, min(policy.stallTimeout, 1e9)) * 1e9)
            let transfer = CurlTransfer(
                url: name, rangeStart: sink.written, timeout: policy.resourceTimeout,
                onHeader: { line in
                    lastActivity = DispatchTime.now().uptimeNanoseconds
                    guard let head = parser.take(line) else { return true }
                    do {
                        try head.accept(into: sink, url: name)
                        accepted = true
                        return true
                    } catch {
                        failure = error
                        return false
                    }
                },
                onBody: { bytes in
                    lastActivity = DispatchTime.now().uptimeNanoseconds
                    guard accepted else {
                        failure = PackInstallError.unreachable(
                            url: name, reason: "the server sent a body without an HTTP response head")
                        return false
                    }
                    do {
                        try sink.append(bytes)
                        // A write the disk held up is no stall of the connection.
                        lastActivity = DispatchTime.now().uptimeNanoseconds
                        return true
                    } catch {
                        failure = error
                        return false
                    }
                })
            let pollInterval = max(0.02, min(0.1, policy.stallTimeout / 4))
            let result = transfer.perform(pollInterval: pollInterval) {
                if lock.withLock({ cancelled }) {
                    if failure == nil { failure = CancellationError() }
                    return true
                }
                if DispatchTime.now().uptimeNanoseconds &- lastActivity > stallNanoseconds {
                    stalled = true
                    return true
                }
                return false
            }
            do { try sink.flush() } catch { if failure == nil { failure = error } }

            if let failure { return HTTPResponseHead.outcome(recorded: failure, url: name) }
            if stalled {
                return .transient(
                    .timedOut(
                        url: name, seconds: policy.stallTimeout, received: sink.written, expected: sink.expectedBytes))
            }
            switch result {
            case .stopped:
                return .fatal(CancellationError())
            case .failed(_, let reason, let permanent):
                let error = PackInstallError.unreachable(url: name, reason: reason)
                return permanent ? .fatal(error) : .transient(error)
            case .finished:
                if !accepted {
                    return .transient(
                        .unreachable(url: name, reason: "the server closed the connection without an HTTP response"))
                }
                if sink.written < sink.expectedBytes {
                    return .transient(
                        .unreachable(
                            url: name,
                            reason: "the connection closed after \(sink.written) of \(sink.expectedBytes) bytes"))
                }
                return .complete
            }
        }
    }
#endif
