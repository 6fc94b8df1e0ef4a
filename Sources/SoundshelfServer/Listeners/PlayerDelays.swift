import Foundation

/// How late events reach the players of each listen link (docs/FORMAT.md §15.2): every player of a
/// link reports its p95 on its clock round trips; each report counts for ``lifetime``, and a link's
/// delay is its slowest player's. A relay passes on its players' figures, which count too. The
/// owner's page gives every start ``lead(slowest:)``.
final class PlayerDelays: @unchecked Sendable {
    /// The lead the owner's page gives every start (ms): 120, or the slowest player's reported
    /// delay plus ``leadMargin`` (a player starts a sound no sooner than 30 ms ahead, and jitter),
    /// at most ``maxLead``.
    static let baseLead = 120.0
    static let leadMargin = 80.0
    static let maxLead = 1500.0
    /// How long a player's reported delay counts (players report every 10 s).
    static let lifetime: TimeInterval = 45

    private let lock = NSLock()
    private var reported: [String: [(ms: Double, at: Date)]] = [:]
    private var remote: [String: Double] = [:]

    static func lead(slowest: Double) -> Double { min(maxLead, max(baseLead, slowest + leadMargin)) }

    /// Keeps a report of `token`'s player; returns the delays of the `live` tokens reported here.
    func report(token: String, ms: Double, live: Set<String>, includingRemote: Bool) -> [String: Double] {
        lock.withLock {
            reported[token, default: []].append((min(ms, 60_000), Date()))
            if reported[token, default: []].count > 256 { reported[token]?.removeFirst() }
            return current(live: live, includingRemote: includingRemote)
        }
    }

    /// The delays a relay's players reported, per token.
    func setRemote(_ delays: [String: Double]) { lock.withLock { remote = delays } }

    /// The delay (ms) of each `live` token, here and on a relay.
    func delays(live: Set<String>) -> [String: Double] {
        lock.withLock { current(live: live, includingRemote: true) }
    }

    private func current(live: Set<String>, includingRemote: Bool) -> [String: Double] {
        let now = Date()
        reported = reported.mapValues { $0.filter { now.timeIntervalSince($0.at) < Self.lifetime } }
            .filter { !$0.value.isEmpty }
        var delays = reported.compactMapValues { $0.map(\.ms).max() }
        if includingRemote { delays.merge(remote) { max($0, $1) } }
        return delays.filter { live.contains($0.key) }
    }
}
