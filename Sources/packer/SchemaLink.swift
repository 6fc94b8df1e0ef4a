import Foundation

/// Where `packer init` points a new pack.yaml's editor modeline (`# yaml-language-server:
/// $schema=…`): the `schemas/pack.schema.json` of the catalog folder the pack is made in (found
/// by walking up from it), else the one installed beside the tool (`PREFIX/share/soundshelf`,
/// by `scripts/install`) or in the checkout the tool was built in. The modeline is only an
/// editor convenience: when no schema file is found, it is left out.
///
/// ```swift
/// SchemaLink.root(forPackIn: "catalog/packs/caves")   // "/repo" (holds schemas/pack.schema.json)
/// ```
enum SchemaLink {
    static let schema = "schemas/pack.schema.json"

    /// The folder holding `schemas/pack.schema.json`, or nil.
    static func root(forPackIn directory: String) -> String? {
        let fm = FileManager.default
        let start = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        var candidates = ancestors(of: start)
        if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            candidates.append(exe.deletingLastPathComponent().appendingPathComponent("share/soundshelf"))
            candidates += ancestors(of: exe)
        }
        return candidates.map(\.path).first { fm.fileExists(atPath: ($0 as NSString).appendingPathComponent(schema)) }
    }

    /// `template` with its modeline pointing at the found schema, relative to the pack's folder,
    /// or without the modeline when none is found.
    static func link(_ template: String, forPackIn directory: String) -> (text: String, templateDirectory: String?) {
        if let root = root(forPackIn: directory) {
            // The template's modeline is written relative to a templates/ folder beside schemas/.
            return (template, (root as NSString).appendingPathComponent("templates"))
        }
        guard template.hasPrefix("# yaml-language-server:") else { return (template, nil) }
        let rest = template.firstIndex(of: "\n").map { template.index(after: $0) } ?? template.endIndex
        return (String(template[rest...]), nil)
    }

    private static func ancestors(of url: URL) -> [URL] {
        var result: [URL] = []
        var folder = url
        for _ in 0..<12 {
            result.append(folder)
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return result
    }
}
