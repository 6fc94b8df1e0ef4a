import Foundation

/// Which failures are worth another try, as `curl --retry` and apt decide: a request timeout, a
/// rate limit and the server errors that mean "not now" (408, 429, 500, 502, 503, 504), and a
/// connection that dropped or stalled. 404, 401/403 and a body that fails its hash are not.
///
/// ```swift
/// TransientFailure.isTransient(status: 503)            // true
/// TransientFailure.retryAfter("120")                   // 120
/// TransientFailure.retryAfter("Wed, 21 Oct 2026 07:28:00 GMT", now: date)   // seconds until then
/// ```
enum TransientFailure {
    /// The HTTP statuses retried.
    static let statuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    static func isTransient(status: Int) -> Bool { statuses.contains(status) }

    /// The seconds a `Retry-After` value asks for: delay-seconds or an HTTP date; nil when absent
    /// or unreadable.
    static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Double(text) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text).map { max(0, $0.timeIntervalSince(now)) }
    }
}
