import Foundation

extension PackScaffold {
    /// The editor modeline a template may start with: `# yaml-language-server: $schema=PATH`.
    static let schemaLinePrefix = "# yaml-language-server: $schema="

    /// Rewrites the template's `$schema=` path, written relative to the template's folder, so
    /// that it is relative to the new pack's folder and still names the same schema file.
    /// Text without the modeline, or with a URL in it, is returned unchanged.
    ///
    /// ```swift
    /// PackScaffold.relinkingSchema(in: "# yaml-language-server: $schema=../schemas/pack.schema.json\n…",
    ///                              from: "/repo/templates", to: "/repo/catalog/packs/caves")
    /// // "# yaml-language-server: $schema=../../../schemas/pack.schema.json\n…"
    /// ```
    static func relinkingSchema(in text: String, from templateDirectory: String, to packDirectory: String) -> String {
        guard text.hasPrefix(schemaLinePrefix) else { return text }
        let lineEnd = text.firstIndex(of: "\n") ?? text.endIndex
        let target = text[text.index(text.startIndex, offsetBy: schemaLinePrefix.count)..<lineEnd]
            .trimmingCharacters(in: .whitespaces)
        guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("/") else { return text }
        let schema = absolute(templateDirectory).appendingPathComponent(target).standardizedFileURL.pathComponents
        let pack = absolute(packDirectory).pathComponents
        var common = 0
        while common < min(schema.count - 1, pack.count), schema[common] == pack[common] { common += 1 }
        let relative = Array(repeating: "..", count: pack.count - common) + schema[common...]
        return schemaLinePrefix + relative.joined(separator: "/") + text[lineEnd...]
    }

    private static func absolute(_ path: String) -> URL {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: path, isDirectory: true, relativeTo: base).standardizedFileURL
    }
}
