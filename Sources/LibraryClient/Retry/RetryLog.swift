import Foundation

/// Counts the retries made on behalf of one operation (a sync, an install), so its result and
/// progress can say how many there were. Set for the operation's task with `withValue`; every
/// ``RetryBackoff`` in it records there.
///
/// ```swift
/// let log = RetryLog()
/// try await RetryLog.$current.withValue(log) { try await fetchEverything() }
/// log.count   // 2
/// ```
final class RetryLog: @unchecked Sendable {
    /// The log of the operation running in this task, if any.
    @TaskLocal static var current: RetryLog?
    private let lock = NSLock()
    private var retries = 0

    /// Retries recorded so far.
    var count: Int { lock.withLock { retries } }

    /// Records one retry.
    func record() { lock.withLock { retries += 1 } }
}
