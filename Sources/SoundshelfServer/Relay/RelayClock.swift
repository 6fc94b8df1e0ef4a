import Foundation

/// This server's clock against a relay's, from round trips on the owner's socket, so events keep
/// their moment when they reach players through the relay. Each round trip bounds the offset
/// (relay − this server) both ways: the relay read its time after the message left and before the
/// answer came, so the offset lies between `now − received` and `now − sent`. The offset is the
/// middle of the highest lower bound and the lowest upper bound of the last ``window`` trips (which
/// need not come from one trip: jitter that delays one way in one trip and the other way in
/// another cancels out), or, should they cross, the shortest trip's middle.
package final class RelayClock: @unchecked Sendable {
    /// How many recent round trips are kept.
    static let window = 32

    package init() {}
    private let lock = NSLock()
    private var samples: [(roundTrip: Double, offset: Double, lower: Double, upper: Double)] = []

    /// Forgets the samples (a new socket, maybe to another relay).
    package func reset() { lock.withLock { samples = [] } }

    /// A round trip sent at `sent` (this server's ms), answered with the relay's `relayNow`, back at
    /// `received`; true when it is the first since ``reset()``.
    @discardableResult
    package func observe(sent: Double, relayNow: Double, received: Double) -> Bool {
        lock.withLock {
            samples.append((received - sent, relayNow - (sent + received) / 2, relayNow - received, relayNow - sent))
            if samples.count > Self.window { samples.removeFirst() }
            return samples.count == 1
        }
    }

    /// Relay time minus this server's time (ms), or nil before a round trip.
    package var offset: Double? {
        lock.withLock {
            guard let lower = samples.map(\.lower).max(), let upper = samples.map(\.upper).min() else { return nil }
            if lower <= upper { return (lower + upper) / 2 }
            return samples.min { $0.roundTrip < $1.roundTrip }?.offset
        }
    }

    /// The shortest round trip kept (ms).
    package var roundTrip: Double? { lock.withLock { samples.map(\.roundTrip).min() } }

    /// `event` with its time moved into the relay's clock.
    package func toRelay(_ event: ListenEvent) -> ListenEvent {
        guard let offset else { return event }
        var moved = event
        moved.at = event.at.map { $0 + offset }
        moved.posted = event.posted.map { $0 + offset }
        return moved
    }

    /// `snapshot` with every time moved into the relay's clock.
    package func toRelay(_ snapshot: ListenSnapshot) -> ListenSnapshot {
        var moved = snapshot
        moved.now = snapshot.now + (offset ?? 0)
        moved.layers = snapshot.layers.map(toRelay)
        return moved
    }
}
