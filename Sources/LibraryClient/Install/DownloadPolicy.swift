import Foundation

/// How a ``PackDownloadManager`` downloads: timeouts, retries and progress cadence.
///
/// ```swift
/// var policy = DownloadPolicy()
/// policy.stallTimeout = 10        // give up on a connection silent for 10 s
/// let manager = library.makeDownloadManager(policy: policy)
/// ```
public struct DownloadPolicy: Sendable, Hashable {
    /// Seconds without a byte (waiting for the answer or within the body) before an attempt fails.
    public var stallTimeout: TimeInterval
    /// The longest one request may take overall.
    public var resourceTimeout: TimeInterval
    /// Further attempts at one request after a transient failure (408, 429, 500, 502, 503, 504, a
    /// dropped or stalled connection); a download resumes with `Range`.
    public var maxRetries: Int
    /// Seconds before the first retry; doubled for each further one, each wait drawn between half
    /// and all of it (jitter), and never shorter than the server's `Retry-After`.
    public var retryDelay: TimeInterval
    /// The longest wait between two attempts (a `Retry-After` may ask for more, within the budget).
    public var maxRetryDelay: TimeInterval = 30
    /// Seconds of waiting between attempts one request may spend in all; a `Retry-After` beyond
    /// it fails the request at once.
    public var retryBudget: TimeInterval = 120
    /// The shortest interval between two progress writes to `pack_state` (and progress events).
    public var progressInterval: TimeInterval
    /// How long to wait for another process that holds the pack's install lock (0: fail at once).
    public var lockWait: TimeInterval
    /// Read catalog.json and manifests from this location instead of the one remembered by the
    /// last sync (a mirror, or `--catalog` on the command line). Its catalogVersion must still
    /// list the synced pack version.
    public var catalogLocation: String?
    /// On Linux, download over URLSession instead of libcurl (to compare the two); Apple
    /// platforms always use URLSession.
    public var prefersURLSession = false

    /// A policy with the given limits; the defaults suit a phone on a flaky network.
    public init(
        stallTimeout: TimeInterval = 30, resourceTimeout: TimeInterval = 86_400, maxRetries: Int = 5,
        retryDelay: TimeInterval = 0.5, progressInterval: TimeInterval = 0.25, lockWait: TimeInterval = 0
    ) {
        self.stallTimeout = stallTimeout
        self.resourceTimeout = resourceTimeout
        self.maxRetries = max(0, maxRetries)
        self.retryDelay = retryDelay
        self.progressInterval = progressInterval
        self.lockWait = lockWait
    }
}
