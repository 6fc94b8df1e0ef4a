import Foundation

/// What a download needs from the head of an HTTP response, whichever transport received it:
/// the status, `Content-Range` and `Content-Length`; and the one decision made from them.
struct HTTPResponseHead: Equatable {
    var status: Int
    var contentRange: String?
    /// -1 when the response declares no length.
    var contentLength: Int64
    /// The `Retry-After` header as sent, if any.
    var retryAfter: String? = nil

    /// Accepts the response for `sink`: a 206 must continue exactly where the file ends (else the
    /// file restarts and the attempt ends with ``RetryNow``), a 200 restarts a resumed file, a 416
    /// on a resumed file restarts it (``RetryNow``), a status worth retrying (``TransientFailure``)
    /// is a ``RetryableStatus`` carrying the server's `Retry-After`, every other status an
    /// ``PackInstallError/httpStatus(url:status:)``, and a declared length must be exactly what
    /// is missing from the file.
    func accept(into sink: DownloadSink, url name: String) throws {
        if TransientFailure.isTransient(status: status) {
            throw RetryableStatus(
                error: .httpStatus(url: name, status: status), retryAfter: TransientFailure.retryAfter(retryAfter))
        }
        if status >= 500 { throw PackInstallError.httpStatus(url: name, status: status) }
        if sink.written > 0 && status == 206 {
            guard (contentRange ?? "").hasPrefix("bytes \(sink.written)-") else {
                try sink.restart()
                throw RetryNow()
            }
        } else if status == 200 {
            if sink.written > 0 { try sink.restart() }
        } else if status == 416 && sink.written > 0 {
            try sink.restart()
            throw RetryNow()
        } else {
            throw PackInstallError.httpStatus(url: name, status: status)
        }
        let remaining = sink.expectedBytes - sink.written
        if contentLength >= 0 && contentLength != remaining {
            throw PackInstallError.sizeMismatch(
                url: name, expected: sink.expectedBytes,
                actual: "a body of \(contentLength + sink.written) bytes (Content-Length \(contentLength))")
        }
    }

    /// The outcome of an attempt that recorded `error` (a rule of ``accept(into:url:)``, the
    /// sink's refusal, cancellation): a range answer to retry at once and the statuses of
    /// ``TransientFailure`` are transient.
    static func outcome(recorded error: any Error, url name: String) -> HTTPAttempt.Outcome {
        if error is RetryNow {
            return .transient(.unreachable(url: name, reason: "the server answered a range request oddly"))
        }
        if let retryable = error as? RetryableStatus {
            return .transient(retryable.error, retryAfter: retryable.retryAfter)
        }
        return .fatal(error)
    }
}

/// Collects the head of the final response from raw header lines (status lines and headers of
/// every response, redirects and `100 Continue` included), as libcurl reports them.
struct HTTPResponseHeadParser {
    private var head: HTTPResponseHead?
    private var location = false

    /// Takes one line; returns the head when `line` ends the head of a final response (not 1xx,
    /// not a redirect that will be followed).
    mutating func take(_ line: String) -> HTTPResponseHead? {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            let fields = text.split(separator: " ", maxSplits: 2)
            head = HTTPResponseHead(
                status: fields.count > 1 ? Int(fields[1]) ?? 0 : 0, contentRange: nil, contentLength: -1)
            location = false
            return nil
        }
        guard var current = head else { return nil }
        if text.isEmpty {
            head = nil
            let redirect = [301, 302, 303, 307, 308].contains(current.status) && location
            return (100..<200).contains(current.status) || redirect ? nil : current
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].lowercased()
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch name {
        case "content-range": current.contentRange = value
        case "content-length": current.contentLength = Int64(value) ?? -1
        case "retry-after": current.retryAfter = value
        case "location": location = true
        default: break
        }
        head = current
        return nil
    }
}

/// A status worth another attempt (``TransientFailure``), with the wait the server asked for.
struct RetryableStatus: Error {
    var error: PackInstallError
    var retryAfter: TimeInterval?
}
