import Foundation

/// Wall-clock timing and percentiles for the facet bench.
enum FacetBenchTiming {
    /// Milliseconds `body` took, and its result.
    static func measure<T>(_ body: () throws -> T) rethrows -> (ms: Double, value: T) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, value)
    }

    /// Milliseconds of CPU time this thread spent in `body` (immune to waiting for a core on a
    /// shared machine), and its result.
    static func measureCPU<T>(_ body: () throws -> T) rethrows -> (ms: Double, value: T) {
        func now() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
        }
        let start = now()
        let value = try body()
        return (now() - start, value)
    }

    /// Wall and CPU milliseconds of `body`, and its result.
    static func measureBoth<T>(_ body: () throws -> T) rethrows -> (wall: Double, cpu: Double, value: T) {
        var cpu = 0.0
        let timed = try measure { () throws -> T in
            let inner = try measureCPU(body)
            cpu = inner.ms
            return inner.value
        }
        return (timed.ms, cpu, timed.value)
    }

    /// The fastest of `repeats` runs of `body` in milliseconds: one query's latency with the
    /// scheduler noise of a shared machine filtered out.
    static func best<T>(of repeats: Int, _ body: () -> T) -> Double {
        (0..<max(1, repeats)).map { _ in measure(body).ms }.min() ?? .nan
    }

    /// The `fraction` percentile (nearest rank) of `samples`.
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func format(_ ms: Double) -> String {
        ms < 1 ? String(format: "%.3f", ms) : ms < 100 ? String(format: "%.2f", ms) : String(format: "%.0f", ms)
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
}
