/// Why ``CatalogPage`` could not render `index.html`.
///
/// ```swift
/// do { _ = try CatalogPage.render(catalog: c, seed: s, manifests: m, templatesDirectory: "templates") }
/// catch let error as CatalogPageError { print(error.description) }
/// ```
public enum CatalogPageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The page template is not at `path`.
    case templateMissing(path: String)
    /// A template exists but is not valid Mustache.
    case templateInvalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .templateMissing(let path):
            "catalog page template not found: \(path) — restore templates/index.html.mustache from the "
                + "repository, or point SOUNDSHELF_TEMPLATES at the folder that holds it"
        case .templateInvalid(let path, let reason):
            "catalog page template \(path) is not valid Mustache: \(reason) — fix the template and publish again"
        }
    }
}
