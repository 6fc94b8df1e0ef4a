import Foundation

/// Counts the bytes of one install as they arrive (from any thread), and at most once per
/// `interval` writes them to `pack_state` and sends a progress event.
final class ProgressRecorder: @unchecked Sendable {
    let packId: String
    private let writer: PackStateWriter
    private let hub: PackEventHub
    private let interval: TimeInterval
    private let lock = NSLock()
    private var done: Int64 = 0
    private var total: Int64 = 0
    private var reusedFiles = 0
    private var reusedBytes: Int64 = 0
    private var lastFlush = Date.distantPast
    /// The install's retries so far (every request of it records there).
    let retries: RetryLog

    init(
        packId: String, writer: PackStateWriter, hub: PackEventHub, interval: TimeInterval,
        retries: RetryLog = RetryLog()
    ) {
        self.packId = packId
        self.writer = writer
        self.hub = hub
        self.interval = interval
        self.retries = retries
    }

    var bytesDone: Int64 { lock.withLock { done } }
    var bytesTotal: Int64 { lock.withLock { total } }

    /// The plan's bytes to fetch (the progress total) and what it reuses instead of fetching.
    func setPlan(total: Int64, reusedFiles: Int, reusedBytes: Int64) {
        lock.withLock {
            self.total = total
            self.reusedFiles = reusedFiles
            self.reusedBytes = reusedBytes
        }
    }

    /// An event carrying the current counts.
    func event(phase: PackDownloadEvent.Phase, state: PackState) -> PackDownloadEvent {
        lock.withLock { makeEvent(phase: phase, state: state) }
    }

    private func makeEvent(phase: PackDownloadEvent.Phase, state: PackState) -> PackDownloadEvent {
        PackDownloadEvent(
            packID: packId, phase: phase, state: state, bytesDownloaded: done, bytesTotal: total,
            reusedFiles: reusedFiles, reusedBytes: reusedBytes, retries: retries.count)
    }

    /// Adds `delta` bytes (negative after a restart) and flushes when due.
    func add(_ delta: Int64) {
        lock.lock()
        defer { lock.unlock() }
        done = max(0, done + delta)
        let now = Date()
        guard now.timeIntervalSince(lastFlush) >= interval else { return }
        lastFlush = now
        writer.recordProgress(packId, done: done)
        hub.send(makeEvent(phase: .downloading, state: .downloading))
    }

    /// Writes the current count now.
    func flush() {
        lock.lock()
        defer { lock.unlock() }
        lastFlush = Date()
        writer.recordProgress(packId, done: done)
        hub.send(makeEvent(phase: .downloading, state: .downloading))
    }
}
