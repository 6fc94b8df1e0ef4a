import CatalogModel
import Foundation
import Mustache

/// Renders `index.html`, the human-browsable page of a published catalog, from
/// `templates/index.html.mustache` (plus its `page-*.mustache` partials).
///
/// The page is plain HTML5 with inline CSS, no scripts and no external resources; every link
/// is relative to the catalog folder, so it works over HTTP and from `file://`. All text from
/// the documents is HTML-escaped.
///
/// ```swift
/// let html = try CatalogPage.render(catalog: catalog, seed: seed, manifests: [manifest.packId: manifest],
///                                   templatesDirectory: "templates")
/// try Data(html.utf8).write(to: dist.appendingPathComponent("index.html"))
/// ```
public enum CatalogPage {
    /// The page template's file name inside the templates folder.
    public static let templateName = "index.html.mustache"
    /// Partials are the templates folder's files named `page-<name>.mustache`, used as `{{> page-<name>}}`.
    static let partialPrefix = "page-"

    /// Renders the page. `manifests` is keyed by pack id.
    /// - Throws: ``CatalogPageError`` when the template is missing or invalid.
    public static func render(catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest],
                              templatesDirectory: String) throws -> String {
        let path = (templatesDirectory as NSString).appendingPathComponent(templateName)
        let template = try load(path)
        let library = try partials(in: templatesDirectory)
        let model = PageModel.build(catalog: catalog, seed: seed, manifests: manifests)
        return template.render(model, library: library)
    }

    private static func load(_ path: String) throws -> MustacheTemplate {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogPageError.templateMissing(path: path)
        }
        do {
            return try MustacheTemplate(string: String(decoding: data, as: UTF8.self))
        } catch {
            throw CatalogPageError.templateInvalid(path: path, reason: "\(error)")
        }
    }

    private static func partials(in directory: String) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where name.hasPrefix(partialPrefix) && name.hasSuffix(".mustache") {
            let path = (directory as NSString).appendingPathComponent(name)
            library.register(try load(path), named: String(name.dropLast(".mustache".count)))
        }
        return library
    }
}
