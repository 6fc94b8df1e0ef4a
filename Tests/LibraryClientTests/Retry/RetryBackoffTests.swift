import Foundation
import Testing

@testable import LibraryClient

/// Which failures are tried again, and how long apart: curl's and apt's rules.
@Suite struct RetryBackoffTests {
    @Test func theTransientStatusesAreRetriedAndNoOthers() {
        #expect([408, 429, 500, 502, 503, 504].allSatisfy { TransientFailure.isTransient(status: $0) })
        #expect(
            ![200, 301, 400, 401, 403, 404, 410, 416, 501, 505].contains { TransientFailure.isTransient(status: $0) })
    }

    @Test func retryAfterIsSecondsOrAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(TransientFailure.retryAfter("120") == 120)
        #expect(TransientFailure.retryAfter(" 0 ") == 0)
        let later = now.addingTimeInterval(90)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(TransientFailure.retryAfter(formatter.string(from: later), now: now) == 90)
        #expect(TransientFailure.retryAfter("soon") == nil && TransientFailure.retryAfter(nil) == nil)
    }

    @Test func waitsDoubleWithJitterUpToTheCapAndTheCount() {
        var policy = DownloadPolicy(maxRetries: 6, retryDelay: 0.5)
        policy.maxRetryDelay = 4
        var backoff = RetryBackoff(policy: policy)
        backoff.jitter = { 1 }
        let waits = (0..<7).map { _ in backoff.next() }
        #expect(waits == [0.5, 1, 2, 4, 4, 4, nil])
        var halved = RetryBackoff(policy: policy)
        halved.jitter = { 0.5 }
        #expect(halved.next() == 0.25, "jitter draws between half and all of the wait")
    }

    @Test func retryAfterLengthensAWaitAndTheBudgetEndsThem() {
        var policy = DownloadPolicy(maxRetries: 10, retryDelay: 0.1)
        policy.retryBudget = 10
        var backoff = RetryBackoff(policy: policy)
        backoff.jitter = { 1 }
        #expect(backoff.next(retryAfter: 6) == 6)
        #expect(backoff.next(retryAfter: 5) == nil, "6 + 5 s would pass the 10 s budget")
        #expect(backoff.next() == 0.2)
        #expect(backoff.retries == 2)
    }

    @Test func everyRetryIsCountedInTheOperationsLog() async {
        let log = RetryLog()
        RetryLog.$current.withValue(log) {
            var backoff = RetryBackoff(policy: DownloadPolicy(maxRetries: 2))
            while backoff.next() != nil {}
        }
        #expect(log.count == 2)
    }
}
