import Foundation

/// Prints how long each phase of a long operation took to standard error, when the caller asks
/// for it (``SyncOptions/reportsPhaseTimes``): for finding where a slow sync spends its time.
///
/// ```swift
/// let timer = PhaseTimer("sync")
/// timer.mark("decode")      // "sync: decode 812.3 ms (total 830.1 ms)"
/// ```
final class PhaseTimer: @unchecked Sendable {
    /// The timer of the operation running in this task (nil when timing is off).
    @TaskLocal static var current: PhaseTimer?
    private let label: String
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var last: UInt64

    init(_ label: String) {
        self.label = label
        last = start
    }

    /// Prints the time since the previous mark (or the start).
    func mark(_ phase: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        let previous = lock.withLock {
            defer { last = now }
            return last
        }
        let line = String(
            format: "%@: %@ %.1f ms (total %.1f ms)\n", label, phase,
            Double(now - previous) / 1e6, Double(now - start) / 1e6)
        FileHandle.standardError.write(Data(line.utf8))
    }
}
