import Foundation

/// How long one phase of a sync took: where a slow sync spends its time (``SyncResult/phases``).
///
/// ```swift
/// for phase in result.phases { print(phase.name, phase.seconds) }   // "seed decoded" 0.81
/// ```
public struct SyncPhase: Sendable, Hashable {
    /// What was done, e.g. "seed read and SHA-256 (1048576 bytes)".
    public var name: String
    /// Seconds since the previous phase ended (or the sync started).
    public var seconds: Double
    /// Seconds since the sync started.
    public var totalSeconds: Double
}

/// Records how long each phase of a long operation took, for the caller to read afterwards.
///
/// ```swift
/// let timer = PhaseTimer()
/// timer.mark("decode")
/// timer.phases   // [SyncPhase(name: "decode", seconds: 0.81, totalSeconds: 0.83)]
/// ```
final class PhaseTimer: @unchecked Sendable {
    /// The timer of the operation running in this task (nil outside a sync).
    @TaskLocal static var current: PhaseTimer?
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var last: UInt64
    private var marks: [SyncPhase] = []

    init() { last = start }

    /// Records the time since the previous mark (or the start).
    func mark(_ phase: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            marks.append(
                SyncPhase(name: phase, seconds: Double(now - last) / 1e9, totalSeconds: Double(now - start) / 1e9))
            last = now
        }
    }

    /// The phases marked so far, in order.
    var phases: [SyncPhase] { lock.withLock { marks } }
}
