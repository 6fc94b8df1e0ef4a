import Foundation
import Yams

extension YAMLReader {
    /// The `license`, `credits` and `source` keys of a pack or an item mapping. `credits` is a
    /// list whose entries are mappings `{name, role?, url?}` or a plain name.
    mutating func attribution(_ map: Node.Mapping, path: String) -> Attribution {
        let license = string(map, "license", path: path, required: false)
        let source = string(map, "source", path: path, required: false)
        var credits: [Credit]?
        if let node = map.value("credits"), node.null == nil {
            let p = join(path, "credits")
            remember(node, p)
            if let seq = node.sequence {
                credits = seq.enumerated().compactMap { credit($1, path: "\(p)[\($0)]") }
            } else {
                error("'credits' must be a list like [{name: Jane Field, role: recording}]", at: node, path: p)
            }
        }
        return Attribution(
            license: license?.isEmpty == true ? nil : license, credits: credits,
            source: source?.isEmpty == true ? nil : source)
    }

    private mutating func credit(_ node: Node, path: String) -> Credit? {
        remember(node, path)
        if let scalar = node.scalar {
            let name = scalar.string.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty { error("a credit needs a name", at: node, path: path) }
            return name.isEmpty ? nil : Credit(name: name)
        }
        guard let map = mapping(node, path: path, what: "a credit") else { return nil }
        checkKeys(map, allowed: ["name", "role", "url"], path: path)
        guard let name = string(map, "name", path: path, required: true) else { return nil }
        return Credit(
            name: name, role: string(map, "role", path: path, required: false),
            url: string(map, "url", path: path, required: false))
    }
}
