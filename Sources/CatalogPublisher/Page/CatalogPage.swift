import CatalogModel
import Foundation
import Mustache

/// Renders `index.html`, the human-browsable page of a published catalog, from
/// `index.html.mustache` and the partials it names (`{{> page-tags}}` is `page-tags.mustache`):
/// the templates built into the tools (generated from the repository's `templates/`), or the
/// ones in a folder an author customised.
///
/// The page is plain HTML5 with inline CSS, no scripts and no external resources; every link
/// is relative to the catalog folder, so it works over HTTP and from `file://`. All text from
/// the documents is HTML-escaped.
///
/// ```swift
/// let html = try CatalogPage.render(catalog: catalog, seed: seed, manifests: [manifest.packId: manifest])
/// try Data(html.utf8).write(to: dist.appendingPathComponent("index.html"))
/// ```
public enum CatalogPage {
    /// The page template's file name inside the templates folder.
    public static let templateName = "index.html.mustache"

    /// Renders the page. `manifests` is keyed by pack id; `templatesDirectory` is a folder of
    /// customised templates, or nil for the built-in ones.
    /// - Throws: ``CatalogPageError`` when the template or a partial it uses is missing or invalid.
    public static func render(
        catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest],
        templatesDirectory: String? = nil
    ) throws -> String {
        let (template, library) = try loadWithPartials(templateName, from: TemplateFiles(directory: templatesDirectory))
        let model = PageModel.build(catalog: catalog, seed: seed, manifests: manifests)
        return template.render(model, library: library)
    }

    /// Reads and parses a template; returns it with the partial names its text uses.
    private static func load(_ name: String, from files: TemplateFiles) throws -> (
        template: MustacheTemplate, uses: [String]
    ) {
        let (text, origin) = try files.text(of: name)
        do {
            let uses = text.matches(of: /\{\{>\s*([^\s}]+)\s*\}\}/).map { String($0.output.1) }
            return (try MustacheTemplate(string: text), uses)
        } catch {
            throw CatalogPageError.templateInvalid(path: origin, reason: "\(error)")
        }
    }

    /// Loads `name` and, recursively, every partial it uses. A missing partial is an error
    /// (Mustache itself would silently render nothing).
    private static func loadWithPartials(_ name: String, from files: TemplateFiles) throws -> (
        MustacheTemplate, MustacheLibrary
    ) {
        var library = MustacheLibrary()
        var pending = [String]()
        var registered = Set<String>()
        let root = try load(name, from: files)
        pending.append(contentsOf: root.uses)
        while let partial = pending.popLast() {
            guard registered.insert(partial).inserted else { continue }
            let loaded = try load(partial + ".mustache", from: files)
            library.register(loaded.template, named: partial)
            pending.append(contentsOf: loaded.uses)
        }
        return (root.template, library)
    }
}

/// Where the page templates come from: a folder, or the text built into the tools.
private struct TemplateFiles {
    var directory: String?

    /// The template's text and where it came from (a path, or `built-in <name>`).
    func text(of name: String) throws -> (text: String, origin: String) {
        guard let directory else {
            guard let text = BuiltInPageTemplates.files[name] else {
                throw CatalogPageError.templateMissing(path: "built-in \(name)")
            }
            return (text, "built-in \(name)")
        }
        let path = (directory as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogPageError.templateMissing(path: path)
        }
        return (String(decoding: data, as: UTF8.self), path)
    }
}
