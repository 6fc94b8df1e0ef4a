import CatalogModel
import PackBuilder

/// Why a publish stopped. Nothing the current catalog.json points to is changed by a
/// failed publish.
public enum PublishError: Error, Sendable, CustomStringConvertible {
    /// The catalog source has errors (every one, located).
    case invalid(DiagnosticReport)
    /// Identity rules broken against the catalog already published in the output folder.
    case identity([IdentityViolation])
    /// A pack could not be built (an unreadable audio file, a full disk, …).
    case build(PackBuildError)
    /// The catalog already in the output folder cannot be read.
    case previousCatalog(path: String, message: String)
    /// A file could not be written or read.
    case io(path: String, message: String)
    /// The signing key file cannot be used.
    case signingKey(CatalogSignature.KeyError)
    /// The root of trust or the catalog keys cannot sign this catalog.
    case keys(KeyringError)

    public var description: String {
        switch self {
        case .invalid(let report):
            return report.diagnostics.map(\.description).joined(separator: "\n") + "\npublish failed: \(report.summary)"
        case .identity(let problems):
            return problems.map { "error: \($0)" }.joined(separator: "\n")
                + "\npublish failed: \(problems.count) identity rule\(problems.count == 1 ? "" : "s") broken; nothing was published"
        case .build(let error):
            return "\(error)"
        case .previousCatalog(let path, let message):
            return "\(path): \(message)"
        case .io(let path, let message):
            return "\(path): \(message)"
        case .signingKey(let error):
            return "\(error)"
        case .keys(let error):
            return "\(error)"
        }
    }
}
