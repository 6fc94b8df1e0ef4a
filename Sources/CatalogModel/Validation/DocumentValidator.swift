import Foundation

/// The five kinds of Soundshelf file, told apart by content (not by name).
public enum DocumentKind: String, Sendable, CaseIterable {
    case packYAML = "pack.yaml"
    case catalogYAML = "catalog.yaml"
    case seed = "seed.json"
    case manifest = "manifest.json"
    case catalogJSON = "catalog.json"

    /// The kind of the file at `path`, as ``DocumentValidator`` tells it (content first, then the
    /// name); nil when it cannot be read or says nothing.
    public static func of(fileAt path: String) -> DocumentKind? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return detect(data) ?? DocumentKind(rawValue: (path as NSString).lastPathComponent)
    }

    /// Looks at the top-level keys: JSON `packId`+`assets` is a manifest, `seed`+`packs` a
    /// catalog.json, `vocabularies`+`music` a seed; YAML with `items` or `kind` is a pack,
    /// with `vocabularies`, `music` or `packs` a catalog.
    public static func detect(_ data: Data) -> DocumentKind? {
        let text = String(decoding: data.prefix(1 << 20), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("{") {
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            if object["packId"] != nil || object["assets"] != nil { return .manifest }
            if object["seed"] != nil || object["expires"] != nil { return .catalogJSON }
            if object["vocabularies"] != nil || object["music"] != nil { return .seed }
            return nil
        }
        let keys = Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard let first = line.first, first.isLetter, let colon = line.firstIndex(of: ":") else { return nil }
                return String(line[..<colon])
            })
        if keys.contains("items") || keys.contains("kind") || keys.contains("slug") { return .packYAML }
        if keys.contains("vocabularies") || keys.contains("music") || keys.contains("packs") { return .catalogYAML }
        return nil
    }
}

/// `packer validate FILE…`: checks any Soundshelf file, detected by content; a catalog.yaml
/// brings every pack it points to.
///
/// ```swift
/// let report = DocumentValidator.validate(fileAt: "catalog/catalog.yaml")
/// report.hasErrors   // false for the demo catalog
/// ```
public enum DocumentValidator {
    public static func validate(fileAt path: String, strict: Bool = false) -> DiagnosticReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            return DiagnosticReport([Diagnostic(.error, "cannot read the file; check the path", file: path)])
        }
        // Content first; a file whose content says nothing (empty, not a mapping) is judged by
        // its name, so an empty pack.yaml gets the pack rules' message.
        let named = DocumentKind(rawValue: (path as NSString).lastPathComponent)
        guard let kind = DocumentKind.detect(data) ?? named else {
            let known = DocumentKind.allCases.map(\.rawValue).joined(separator: ", ")
            return DiagnosticReport([
                Diagnostic(.error, "not a Soundshelf file (expected one of \(known))", file: path, line: 1, column: 1)
            ])
        }
        switch kind {
        case .packYAML: return PackValidator.validate(packAt: path, strict: strict).1
        case .catalogYAML: return CatalogValidator.validate(catalogAt: path, strict: strict).1
        case .manifest: return decodeThen(Manifest.self, data, path) { ManifestRules.check($0, file: path) }
        case .seed: return decodeThen(Seed.self, data, path) { SeedRules.check($0, file: path) }
        case .catalogJSON:
            return decodeThen(CatalogDocument.self, data, path) { CatalogDocumentRules.check($0, file: path) }
        }
    }

    private static func decodeThen<T: Decodable>(
        _ type: T.Type, _ data: Data, _ path: String,
        _ rules: (T) -> [Diagnostic]
    ) -> DiagnosticReport {
        do {
            return DiagnosticReport(rules(try CatalogJSON.decode(type, from: data, file: path)))
        } catch {
            return DiagnosticReport([error])
        }
    }
}
