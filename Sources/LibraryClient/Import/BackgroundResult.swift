import Foundation

/// A value computed on a thread of its own while the caller goes on; ``value()`` waits for it.
///
/// ```swift
/// let sum = BackgroundResult(name: "sum") { (1...1000).reduce(0, +) }
/// // … other work …
/// sum.value()   // 500500
/// ```
final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var done = false
    private var result: Value?

    init(name: String, _ body: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let computed = body()
            condition.withLock {
                result = computed
                done = true
                condition.broadcast()
            }
        }
        thread.name = "soundshelf.\(name)"
        thread.start()
    }

    /// Waits for the value.
    func value() -> Value {
        condition.withLock {
            while !done { condition.wait() }
            return result!
        }
    }
}
