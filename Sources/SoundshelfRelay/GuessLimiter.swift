import Foundation

/// Counts the wrong listen links (and unknown sessions) each address presents; past ``limit`` in
/// one ``window`` the address is refused until the window ends, so a token of 256 bits cannot be
/// guessed and sessions cannot be listed by trying.
final class GuessLimiter: @unchecked Sendable {
    let limit: Int
    let window: TimeInterval
    private let lock = NSLock()
    private var counts: [String: (start: Date, count: Int)] = [:]

    init(limit: Int = 20, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// The seconds `address` must wait, or nil when it may try.
    func wait(for address: String, now: Date = Date()) -> Int? {
        lock.withLock {
            guard let entry = counts[address], now.timeIntervalSince(entry.start) < window, entry.count >= limit
            else { return nil }
            return max(1, Int((window - now.timeIntervalSince(entry.start)).rounded(.up)))
        }
    }

    /// Counts one wrong guess of `address`.
    func failed(_ address: String, now: Date = Date()) {
        lock.withLock {
            if counts.count > 100_000 { counts = counts.filter { now.timeIntervalSince($0.value.start) < window } }
            if let entry = counts[address], now.timeIntervalSince(entry.start) < window {
                counts[address] = (entry.start, entry.count + 1)
            } else {
                counts[address] = (now, 1)
            }
        }
    }
}
