import CatalogFormat

/// Runs a seed check on a thread of its own while the caller goes on (the importer writes rows
/// meanwhile, inside a transaction it only commits once the check passed).
///
/// ```swift
/// let check = BackgroundCheck { try SeedValidator(file: file).validate(seed) }
/// // … write …
/// if let problem = check.problem() { throw problem }   // waits; the write rolls back
/// ```
struct BackgroundCheck: Sendable {
    private let outcome: BackgroundResult<Diagnostic?>

    init(_ body: @escaping @Sendable () throws(Diagnostic) -> Void) {
        outcome = BackgroundResult(name: "seed-check") {
            do throws(Diagnostic) {
                try body()
                return nil
            } catch { return error }
        }
    }

    /// Waits for the check; the problem it found, or nil.
    func problem() -> Diagnostic? { outcome.value() }
}
