import BuildState
import CatalogModel
import Foundation

/// The ids of a catalog check on disk (``IdentityClaimFile``), so checking a million items does
/// not hold a million ids. A file that cannot be written is said in the report, never ignored:
/// an id it could not record could hide a duplicate.
///
/// ```swift
/// let ledger = StoredIdentityLedger()
/// CatalogValidator.validate(catalogAt: path, strict: false, ledger: ledger) { … }
/// ledger.failure   // nil, or why the uniqueness of ids could not be checked
/// ```
final class StoredIdentityLedger: IdentityLedger {
    private let file: IdentityClaimFile?
    private let memory = MemoryIdentityLedger()
    /// Why the ids could not all be checked, if so.
    private(set) var failure: String?

    init() {
        do {
            file = try IdentityClaimFile()
        } catch {
            file = nil
            failure = "cannot make a temporary file of ids in \(FileManager.default.temporaryDirectory.path): \(error)"
        }
    }

    func claim(_ id: String, at place: IdentityPlace) -> IdentityPlace? {
        guard let file, failure == nil else { return memory.claim(id, at: place) }
        do {
            return try file.claim(id, place: place.recorded).flatMap(IdentityPlace.init(recorded:))
        } catch {
            failure = "cannot write the temporary file of ids: \(error)"
            return nil
        }
    }

    /// The report's error when ids went unchecked.
    func diagnostic(catalogAt path: String) -> Diagnostic? {
        failure.map {
            Diagnostic(
                .error, "the ids could not all be checked for uniqueness (\($0)); free space in the temporary folder",
                file: path)
        }
    }
}
