import Yams

extension YAMLReader {
    /// catalog.yaml's `ucs: {dimension: themes}`: the tag dimension (a `tags` key) that UCS
    /// categories and subcategories go to when `packer add` reads them; nil when absent or wrong.
    mutating func ucsDimension(_ map: Node.Mapping) -> String? {
        guard let node = map.value("ucs"), node.null == nil else { return nil }
        guard let settings = mapping(node, path: "ucs", what: "'ucs'") else { return nil }
        checkKeys(settings, allowed: ["dimension"], path: "ucs")
        guard let name = string(settings, "dimension", path: "ucs", required: true) else { return nil }
        guard TagSet.keys.contains(name) else {
            let near = TagSet.keys.first { TagName.editDistance($0, name) <= 2 }.map { "did you mean '\($0)'? " } ?? ""
            error(
                "ucs.dimension '\(name)' is not a tag dimension; \(near)use one of \(TagSet.keys.joined(separator: ", "))",
                at: settings.value("dimension"), path: "ucs.dimension")
            return nil
        }
        return name
    }
}
