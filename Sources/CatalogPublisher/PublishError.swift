import CatalogModel

/// Why a publish stopped. Nothing the current catalog.json points to is changed by a
/// failed publish.
public enum PublishError: Error, Sendable, CustomStringConvertible {
    case invalid(DiagnosticReport)
    case identity([String])
    case previousCatalog(path: String, message: String)
    case io(path: String, message: String)

    public var description: String {
        switch self {
        case .invalid(let report):
            return report.diagnostics.map(\.description).joined(separator: "\n") + "\npublish failed: \(report.summary)"
        case .identity(let problems):
            return problems.map { "error: \($0)" }.joined(separator: "\n")
                + "\npublish failed: \(problems.count) identity rule\(problems.count == 1 ? "" : "s") broken (SPEC §2); nothing was published"
        case .previousCatalog(let path, let message):
            return "\(path): \(message)"
        case .io(let path, let message):
            return "\(path): \(message)"
        }
    }
}
