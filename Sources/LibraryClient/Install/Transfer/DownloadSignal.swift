import Foundation

/// Shared between a download and a reader following the file it grows: how many bytes of the
/// partial file are written, whether the download restarted from zero, finished or failed, and
/// whether the reader asked the download to stop.
final class DownloadSignal: @unchecked Sendable {
    enum Wait: Equatable {
        case available(Int64)
        case finished, failed, restarted, timedOut
    }

    private let condition = NSCondition()
    private var written: Int64 = 0
    private var generation = 0
    private var finished = false
    private var failed = false
    private var aborted = false

    var currentGeneration: Int { condition.withLock { generation } }
    var isAborted: Bool { condition.withLock { aborted } }

    func advance(to bytes: Int64) {
        condition.withLock {
            written = bytes
            condition.broadcast()
        }
    }

    /// The file was truncated and starts again (a 200 answered a `Range` request).
    func restart() {
        condition.withLock {
            generation += 1
            written = 0
            condition.broadcast()
        }
    }

    func finish(success: Bool) {
        condition.withLock {
            finished = true
            failed = !success
            condition.broadcast()
        }
    }

    /// The reader failed: the download should stop as soon as it can.
    func abort() {
        condition.withLock {
            aborted = true
            condition.broadcast()
        }
    }

    /// Waits until more than `offset` bytes are written (same generation), or the download ends.
    func wait(beyond offset: Int64, generation expected: Int, timeout: TimeInterval) -> Wait {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if generation != expected { return .restarted }
            if written > offset { return .available(written) }
            if finished { return failed ? .failed : .finished }
            if !condition.wait(until: deadline) { return .timedOut }
        }
    }
}
