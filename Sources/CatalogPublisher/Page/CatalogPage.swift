import CatalogModel
import Foundation
import Mustache

/// Renders `index.html`, the human-browsable page of a published catalog, from
/// `templates/index.html.mustache` and the partials it names (`{{> page-tags}}` is
/// `templates/page-tags.mustache`).
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

    /// Renders the page. `manifests` is keyed by pack id.
    /// - Throws: ``CatalogPageError`` when the template or a partial it uses is missing or invalid.
    public static func render(catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest],
                              templatesDirectory: String) throws -> String {
        let (template, library) = try loadWithPartials(templateName, in: templatesDirectory)
        let model = PageModel.build(catalog: catalog, seed: seed, manifests: manifests)
        return template.render(model, library: library)
    }

    /// Reads and parses a template; returns it with the partial names its text uses.
    private static func load(_ path: String) throws -> (template: MustacheTemplate, uses: [String]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogPageError.templateMissing(path: path)
        }
        let text = String(decoding: data, as: UTF8.self)
        do {
            let uses = text.matches(of: /\{\{>\s*([^\s}]+)\s*\}\}/).map { String($0.output.1) }
            return (try MustacheTemplate(string: text), uses)
        } catch {
            throw CatalogPageError.templateInvalid(path: path, reason: "\(error)")
        }
    }

    /// Loads `name` and, recursively, every partial it uses, from `directory`. A missing partial
    /// is an error (Mustache itself would silently render nothing).
    private static func loadWithPartials(_ name: String, in directory: String) throws -> (MustacheTemplate, MustacheLibrary) {
        var library = MustacheLibrary()
        var pending = [String](), registered = Set<String>()
        let root = try load((directory as NSString).appendingPathComponent(name))
        pending.append(contentsOf: root.uses)
        while let partial = pending.popLast() {
            guard registered.insert(partial).inserted else { continue }
            let loaded = try load((directory as NSString).appendingPathComponent(partial + ".mustache"))
            library.register(loaded.template, named: partial)
            pending.append(contentsOf: loaded.uses)
        }
        return (root.template, library)
    }
}
