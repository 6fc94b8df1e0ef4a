import Foundation

/// The waits between attempts at one request under a ``DownloadPolicy``: exponential backoff
/// from `retryDelay`, capped at `maxRetryDelay`, with jitter (each wait drawn between half and
/// all of it, so clients that failed together do not return together), at least what the
/// server's `Retry-After` asks, and no more than `maxRetries` retries or `retryBudget` seconds
/// of waiting in all.
///
/// ```swift
/// var backoff = RetryBackoff(policy: DownloadPolicy())
/// while true {
///     do { return try await attempt() } catch let failure as RetryableFailure {
///         guard let wait = backoff.next(retryAfter: failure.retryAfter) else { throw failure.error }
///         try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
///     }
/// }
/// ```
struct RetryBackoff {
    let policy: DownloadPolicy
    /// Retries granted so far.
    private(set) var retries = 0
    private var waited: TimeInterval = 0
    /// The jitter factor of each wait, in 0.5...1.
    var jitter: () -> Double = { Double.random(in: 0.5...1) }

    init(policy: DownloadPolicy) { self.policy = policy }

    /// The wait before the next attempt, or nil when no retry is left; counts the retry in
    /// ``RetryLog/current``.
    mutating func next(retryAfter: TimeInterval? = nil) -> TimeInterval? {
        guard retries < policy.maxRetries else { return nil }
        let exponential = min(policy.maxRetryDelay, policy.retryDelay * pow(2, Double(min(retries, 30))))
        let wait = max(exponential * jitter(), retryAfter ?? 0)
        guard waited + wait <= policy.retryBudget else { return nil }
        retries += 1
        waited += wait
        RetryLog.current?.record()
        return wait
    }

    /// Waits `seconds` (cancellable).
    static func sleep(_ seconds: TimeInterval) async throws {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
    }
}
