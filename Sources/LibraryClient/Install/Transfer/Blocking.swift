import Foundation

/// Runs blocking work (hashing, extraction, file copies) on its own thread so it never holds a
/// thread of Swift's cooperative pool.
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
