import CatalogModel
import Foundation

/// Runs a seed check on a thread of its own while the caller goes on (the importer writes rows
/// meanwhile, inside a transaction it only commits once the check passed).
///
/// ```swift
/// let check = BackgroundCheck { try SeedValidator(file: file).validate(seed) }
/// // … write …
/// if let problem = check.problem() { throw problem }   // waits; the write rolls back
/// ```
final class BackgroundCheck: @unchecked Sendable {
    private let condition = NSCondition()
    private var finished = false
    private var failure: Diagnostic?

    init(_ body: @escaping @Sendable () throws(Diagnostic) -> Void) {
        let thread = Thread { [self] in
            var found: Diagnostic?
            do throws(Diagnostic) { try body() } catch { found = error }
            condition.withLock {
                failure = found
                finished = true
                condition.broadcast()
            }
        }
        thread.name = "soundshelf.seed-check"
        thread.start()
    }

    /// Waits for the check; the problem it found, or nil.
    func problem() -> Diagnostic? {
        condition.withLock {
            while !finished { condition.wait() }
            return failure
        }
    }
}
