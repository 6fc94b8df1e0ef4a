import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How often and how patiently a request is tried again: exponential backoff with jitter on
/// 5xx, `SlowDown`, timeouts and dropped connections; never on other 4xx.
///
/// ```swift
/// let quick = RetryPolicy(attempts: 3, baseDelay: 0.01)
/// ```
package struct RetryPolicy: Sendable {
    package var attempts: Int
    /// Seconds before the second attempt; doubled each time, capped at `maxDelay`.
    package var baseDelay: Double
    package var maxDelay: Double

    package init(attempts: Int = 6, baseDelay: Double = 0.2, maxDelay: Double = 5) {
        self.attempts = max(attempts, 1)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    func pause(after attempt: Int) async throws {
        let delay = min(baseDelay * pow(2, Double(attempt - 1)), maxDelay) * Double.random(in: 0.75...1.25)
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
    }

    static func isTransient(status: Int, code: String?) -> Bool {
        // 501 Not Implemented will not change on a retry.
        (status >= 500 && status != 501) || status == 429
            || ["SlowDown", "RequestTimeout", "InternalError", "ServiceUnavailable"].contains(code ?? "")
    }

    /// Connection-level failures (dropped, refused, timed out, a send cut short — FoundationNetworking
    /// reports that last one as an unknown error) are worth another try; a bad URL, a
    /// cancellation or a certificate problem is not.
    static func isTransient(_ code: URLError.Code) -> Bool {
        let permanent: Set<URLError.Code> = [
            .cancelled, .badURL, .unsupportedURL, .userCancelledAuthentication, .userAuthenticationRequired,
            .fileDoesNotExist, .fileIsDirectory, .noPermissionsToReadFile, .dataLengthExceedsMaximum,
            .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired,
            .appTransportSecurityRequiresSecureConnection,
        ]
        return !permanent.contains(code)
    }

    /// The URL loading error code of `error` (URLError, or an NSError in NSURLErrorDomain as
    /// FoundationNetworking reports some), or nil for other errors.
    static func urlErrorCode(_ error: any Error) -> URLError.Code? {
        if let error = error as? URLError { return error.code }
        let ns = error as NSError
        return ns.domain == NSURLErrorDomain ? URLError.Code(rawValue: ns.code) : nil
    }
}

/// When a file goes up in parts, and how big the parts are.
package struct MultipartPolicy: Sendable {
    /// Files larger than this go up as multipart uploads.
    package var threshold: Int64
    package var partSize: Int
    /// Parts uploading at once (read from the file as they are sent over libcurl; held in
    /// memory while they upload over URLSession).
    package var partsInFlight: Int

    package init(threshold: Int64 = 64 << 20, partSize: Int = 16 << 20, partsInFlight: Int = 2) {
        self.threshold = threshold
        self.partSize = max(partSize, 5 << 20)
        self.partsInFlight = max(partsInFlight, 1)
    }
}
