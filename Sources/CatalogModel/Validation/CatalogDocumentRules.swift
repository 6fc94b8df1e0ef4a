/// Rules on a catalog.json beyond its keys and types.
///
/// ```swift
/// let problems = CatalogDocumentRules.check(catalog, file: "dist/catalog.json")
/// ```
public enum CatalogDocumentRules {
    public static func check(_ catalog: CatalogDocument, file: String) -> [Diagnostic] {
        var r = JSONRules(file: file)
        if catalog.schemaVersion != 1 {
            r.error("schemaVersion \(catalog.schemaVersion) is not supported; this tool reads 1", "$.schemaVersion")
        }
        if catalog.catalogVersion < 1 { r.error("catalogVersion must be 1 or higher", "$.catalogVersion") }
        if ISO8601.date(catalog.generatedAt) == nil {
            r.error("generatedAt '\(catalog.generatedAt)' is not an ISO-8601 time", "$.generatedAt")
        }
        if let expires = catalog.expires, ISO8601.date(expires) == nil {
            r.error("expires '\(expires)' is not an ISO-8601 time", "$.expires")
        }
        r.reference(catalog.seed, "$.seed")
        var seen: [String: String] = [:]
        var slugs: Set<String> = []
        for (i, pack) in catalog.packs.enumerated() {
            let p = "$.packs[\(i)]"
            r.uuid(pack.id, "\(p).id")
            r.unique(pack.id, "\(p).id", seen: &seen)
            if !Slug.isValid(pack.slug) { r.error("slug '\(pack.slug)' may use only a-z, 0-9 and '-'", "\(p).slug") }
            if !slugs.insert(pack.slug).inserted { r.error("slug '\(pack.slug)' is listed twice", "\(p).slug") }
            if pack.kind == .music { r.error("a pack must be atmosphere or sfx, not music", "\(p).kind") }
            if pack.version < 1 { r.error("version must be 1 or higher", "\(p).version") }
            r.reference(pack.manifest, "\(p).manifest")
            if let archive = pack.archive { r.reference(archive, "\(p).archive") }
        }
        return r.found
    }
}
