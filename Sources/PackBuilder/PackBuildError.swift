import CatalogModel

/// Why a pack could not be built: every located problem found, or one failure naming the
/// pack, the version and what to do.
public enum PackBuildError: Error, Sendable, CustomStringConvertible {
    case invalid(DiagnosticReport)
    case alreadyPublished(packId: String, version: Int, slug: String)
    case io(path: String, message: String)

    public var description: String {
        switch self {
        case .invalid(let report):
            return report.diagnostics.map(\.description).joined(separator: "\n") + "\nbuild failed: \(report.summary)"
        case .alreadyPublished(let packId, let version, let slug):
            return
                "version \(version) of pack \(slug) (\(packId)) is already published with different content; raise `version` in pack.yaml"
        case .io(let path, let message):
            return "\(path): \(message)"
        }
    }
}
