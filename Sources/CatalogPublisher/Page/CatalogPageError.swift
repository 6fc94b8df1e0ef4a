/// Why ``CatalogPage`` could not render `index.html`.
///
/// ```swift
/// do { _ = try CatalogPage.render(catalog: c, seed: s, manifests: m, templatesDirectory: "my-templates") }
/// catch let error as CatalogPageError { print(error.description) }
/// ```
public enum CatalogPageError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The page template (or a partial it uses) is not at `path`.
    case templateMissing(path: String)
    /// A template exists but is not valid Mustache.
    case templateInvalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .templateMissing(let path):
            "catalog page template not found: \(path) — copy it into your templates folder from the repository's "
                + "templates/ (templates/index.html.mustache and its page-*.mustache partials), or leave out --templates "
                + "(and SOUNDSHELF_TEMPLATES) to use the built-in page"
        case .templateInvalid(let path, let reason):
            "catalog page template \(path) is not valid Mustache: \(reason) — fix the template and publish again"
        }
    }
}
