import Foundation

/// Independent pieces of one query's work spread over the machine's cores (GCD's
/// `concurrentPerform`, which runs them on the calling thread too): a fresh process's first
/// filtered count checks and reads several slots of the facet index file, each a pass over
/// megabytes.
///
/// ```swift
/// let sums = ParallelWork.map(slots.count) { checksum(of: slots[$0]) }
/// ```
enum ParallelWork {
    /// `body(0) … body(count - 1)`, at the same time when there is more than one.
    static func forEach(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: count) { body($0) }
        }
    }

    /// `[body(0), …, body(count - 1)]`, computed at the same time when `parallel` and there is
    /// more than one, else one after another.
    static func map<T>(_ count: Int, parallel: Bool = true, _ body: (Int) -> T) -> [T] {
        guard parallel else { return (0..<count).map(body) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            forEach(count) { buffer[$0] = body($0) }
        }
        return results.map { $0! }
    }
}
