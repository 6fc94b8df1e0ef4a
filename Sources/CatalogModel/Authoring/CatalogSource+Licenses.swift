import Licenses
import Yams

extension YAMLReader {
    /// catalog.yaml's `licenses: {allow: [CC0-1.0, CC-BY-4.0, LicenseRef-Studio]}`: each id must be
    /// a known SPDX id or a `LicenseRef-…` (the nearest known id suggested otherwise).
    mutating func allowedLicenses(_ map: Node.Mapping) -> [String]? {
        guard let node = map.value("licenses"), node.null == nil else { return nil }
        guard let licenses = mapping(node, path: "licenses", what: "'licenses'") else { return nil }
        checkKeys(licenses, allowed: ["allow"], path: "licenses")
        guard let allowNode = licenses["allow"], allowNode.null == nil else { return nil }
        let ids = stringList(allowNode, path: "licenses.allow", what: "'licenses.allow'")
        for (i, id) in ids.enumerated() {
            if let problem = LicenseRules.unknownLicense(id) {
                error(problem, at: allowNode.sequence?[i] ?? allowNode, path: "licenses.allow[\(i)]")
            }
        }
        return ids
    }
}
