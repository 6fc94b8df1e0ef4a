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
    /// Bytes the reader no longer needs in the file (its last checkpoint), and how far past them
    /// the download may write (nil: as far as it likes).
    private var consumed: Int64 = 0
    private let window: Int64?

    /// `window`: how many bytes past the reader's last checkpoint the download may write before
    /// it waits (an archive whose bytes are freed behind its extraction keeps at most that much).
    init(window: Int64? = nil) {
        self.window = window
    }

    var currentGeneration: Int { condition.withLock { generation } }
    var isAborted: Bool { condition.withLock { aborted } }

    func advance(to bytes: Int64) {
        condition.withLock {
            written = bytes
            condition.broadcast()
        }
    }

    /// The reader's checkpoint moved to `offset`: the bytes before it are freed.
    func consume(to offset: Int64) {
        condition.withLock {
            consumed = max(consumed, offset)
            condition.broadcast()
        }
    }

    /// Runs `body` unless the download restarted since `expected` (a restart cannot begin
    /// meanwhile: it moves the generation under the same lock before it truncates the file).
    func ifStill(_ expected: Int, _ body: () -> Void) {
        condition.withLock { if generation == expected { body() } }
    }

    /// The reader stopped following the file: the download writes on without waiting.
    func release() { consume(to: Int64.max) }

    /// Waits (the download's thread) to write the bytes from `start` to `end` until they fit in
    /// the window past the reader's checkpoint, or the reader has caught up to within half a window
    /// of `start` (it checkpoints at most 64 KiB behind what it has read, so a write larger than
    /// the window never waits for ever); returns false when the reader stopped.
    func waitForRoom(from start: Int64, upTo end: Int64) -> Bool {
        guard let window else { return true }
        condition.lock()
        defer { condition.unlock() }
        while consumed < Int64.max, end - consumed > window, start - consumed > window / 2, !aborted, !finished {
            _ = condition.wait(until: Date().addingTimeInterval(1))
        }
        return !aborted
    }

    /// The file was truncated and starts again (a 200 answered a `Range` request).
    func restart() {
        condition.withLock {
            generation += 1
            written = 0
            consumed = 0
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
