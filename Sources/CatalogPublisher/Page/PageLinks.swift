/// Turns URLs from the published documents into links that work from the catalog folder,
/// both over HTTP and from `file://`: relative paths stay inside the folder, absolute
/// `https://` URLs stay as they are, anything else (`..` escaping the folder, `/abs`, other
/// schemes) gives no link at all.
///
/// ```swift
/// PageLinks.resolve("assets/a.aac", against: "packs/p/1/manifest.json")  // "packs/p/1/assets/a.aac"
/// PageLinks.resolve("../../x", against: "packs/p/1/manifest.json")       // nil
/// ```
enum PageLinks {
    static func resolve(_ reference: String, against base: String = "") -> String? {
        if reference.lowercased().hasPrefix("https://") { return reference }
        guard !reference.isEmpty, !reference.hasPrefix("/"), !reference.contains("\\"),
            !hasScheme(reference)
        else { return nil }
        var parts = base.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast()  // the base's own file name (or "" for the folder itself)
        for part in reference.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// A link from `resolve` as written on a page in the `pages/` folder: a path in the catalog
    /// folder gets `../`; an https URL stays as it is.
    static func fromPages(_ link: String) -> String {
        link.lowercased().hasPrefix("https://") ? link : "../" + link
    }

    /// The folder of a pack version, from its manifest URL: `packs/<id>/<version>/manifest.json`.
    static func manifestURL(packId: String, version: Int, catalogURL: String?, seedURL: String?) -> String {
        catalogURL ?? seedURL ?? "packs/\(packId)/\(version)/manifest.json"
    }

    private static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":") else { return false }
        let slash = reference.firstIndex(of: "/") ?? reference.endIndex
        return colon < slash
    }
}
