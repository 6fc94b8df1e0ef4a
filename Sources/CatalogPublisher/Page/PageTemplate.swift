import CatalogModel
import Crypto
import Foundation
import Mustache

/// A page template with every partial it uses, and a digest of their texts.
struct PageTemplate: @unchecked Sendable {
    let template: MustacheTemplate
    let library: MustacheLibrary
    /// SHA-256 of the texts of the template and its partials, in load order.
    let digest: String

    func render(_ model: Any) -> String { template.render(model, library: library) }

    /// Loads `name` and, recursively, every partial it uses. A missing partial is an error
    /// (Mustache itself would silently render nothing).
    static func load(_ name: String, from files: TemplateFiles) throws -> PageTemplate {
        var library = MustacheLibrary()
        var pending = [String]()
        var registered = Set<String>()
        var hash = SHA256()
        let root = try parse(name, from: files, into: &hash)
        pending.append(contentsOf: root.uses)
        while let partial = pending.popLast() {
            guard registered.insert(partial).inserted else { continue }
            let loaded = try parse(partial + ".mustache", from: files, into: &hash)
            library.register(loaded.template, named: partial)
            pending.append(contentsOf: loaded.uses)
        }
        let digest = SHA256Digest.hex(hash.finalize())
        return PageTemplate(template: root.template, library: library, digest: digest)
    }

    /// Reads and parses a template; returns it with the partial names its text uses.
    private static func parse(_ name: String, from files: TemplateFiles, into hash: inout SHA256) throws -> (
        template: MustacheTemplate, uses: [String]
    ) {
        let (text, origin) = try files.text(of: name)
        hash.update(data: Data("\(name)\n\(text.utf8.count)\n".utf8))
        hash.update(data: Data(text.utf8))
        do {
            let uses = text.matches(of: /\{\{>\s*([^\s}]+)\s*\}\}/).map { String($0.output.1) }
            return (try MustacheTemplate(string: text), uses)
        } catch {
            throw CatalogPageError.templateInvalid(path: origin, reason: "\(error)")
        }
    }
}

/// Where the page templates come from: a folder, or the text built into the tools.
struct TemplateFiles {
    var directory: String?

    /// Whether the source holds `name`.
    func has(_ name: String) -> Bool {
        guard let directory else { return BuiltInPageTemplates.files[name] != nil }
        return FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name))
    }

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
