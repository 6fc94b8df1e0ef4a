import Foundation

/// Fetches one file into a ``DownloadSink``: `http(s)://` through ``CurlAttempt`` (Linux) or
/// ``HTTPAttempt`` (URLSession), retrying transient failures as ``RetryBackoff`` allows (each
/// attempt resuming with `Range`), `file://` by a
/// stream copy with the same size cap and hashing. Ends by verifying size and SHA-256.
///
/// ```swift
/// let sink = try DownloadSink(path: part, label: url.absoluteString, expectedBytes: n,
///                             expectedSHA256: sha, resume: true) { _ in }
/// try await Downloader(policy: DownloadPolicy()).fetch(url, into: sink)
/// ```
struct Downloader: Sendable {
    let policy: DownloadPolicy

    func fetch(_ url: URL, into sink: DownloadSink) async throws {
        defer { sink.close() }
        if url.isFileURL {
            try await Blocking.run { try Self.copy(from: url.path, into: sink) }
        } else {
            try await fetchHTTP(url, into: sink)
        }
        try sink.finish()
    }

    private func fetchHTTP(_ url: URL, into sink: DownloadSink) async throws {
        var backoff = RetryBackoff(policy: policy)
        var attempted = false
        while sink.written < sink.expectedBytes || (sink.expectedBytes == 0 && !attempted) {
            try Task.checkCancellation()
            attempted = true
            switch await Self.attempt(url, sink, policy) {
            case .complete:
                return
            case .fatal(let error):
                throw error
            case .transient(let error, let retryAfter):
                guard let wait = backoff.next(retryAfter: retryAfter) else { throw error }
                try await RetryBackoff.sleep(wait)
            }
        }
    }

    /// One HTTP request: libcurl on Linux (FoundationNetworking's memory grows with the body),
    /// URLSession elsewhere; ``DownloadPolicy/prefersURLSession`` picks URLSession on Linux too
    /// (for measuring one against the other).
    private static func attempt(_ url: URL, _ sink: DownloadSink, _ policy: DownloadPolicy) async -> HTTPAttempt.Outcome
    {
        #if os(Linux)
            if !policy.prefersURLSession { return await CurlAttempt(url: url, sink: sink, policy: policy).run() }
        #endif
        return await HTTPAttempt(url: url, sink: sink, policy: policy).run()
    }

    /// Copies a local file in 1 MiB chunks; never reads past the declared size (+1 byte to notice
    /// more). A partial download continues from its end, as a `Range` request does (the published
    /// file is immutable; a part that does not match fails the final SHA-256 check and is deleted).
    static func copy(from path: String, into sink: DownloadSink) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PackInstallError.unreachable(url: path, reason: "no such file or not readable")
        }
        defer { try? handle.close() }
        if sink.written > 0 {
            if DiskSpace.fileSize(path) >= sink.written {
                try handle.seek(toOffset: UInt64(sink.written))
            } else {
                try sink.restart()
            }
        }
        while true {
            let wanted = Int(min(Int64(1 << 20), sink.expectedBytes - sink.received + 1))
            guard let chunk = try handle.read(upToCount: max(wanted, 1)), !chunk.isEmpty else { return }
            try sink.append(chunk)
        }
    }
}
