import CatalogModel

/// One pack as the pages show it: its line in catalog.json and its entry in the seed, either of
/// which may be missing (a pack the seed lists but catalog.json does not is still shown, after
/// the others).
///
/// ```swift
/// let packs = PackListing.all(catalog: document, seed: seed)
/// packs.first?.pagePath   // "pages/<packId>.html"
/// ```
struct PackListing {
    var entry: CatalogDocument.PackEntry?
    var seedPack: Seed.Pack?

    var id: String { entry?.id ?? seedPack?.id ?? "" }
    var kind: Kind { entry?.kind ?? seedPack?.kind ?? .sfx }
    var version: Int { entry?.version ?? seedPack?.version ?? 1 }
    var title: String { entry?.title ?? seedPack?.title ?? id }
    var manifestURL: String {
        PageLinks.manifestURL(
            packId: id, version: version, catalogURL: entry?.manifest.url, seedURL: seedPack?.manifestURL)
    }
    /// The page's path in the published folder.
    var pagePath: String { CatalogPage.packPagePath(packId: id) }

    /// Every pack of the catalog: catalog.json's order, then packs only the seed lists.
    static func all(catalog: CatalogDocument, seed: Seed) -> [PackListing] {
        let seedPacks = Dictionary(seed.packs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var packs = catalog.packs.map { PackListing(entry: $0, seedPack: seedPacks[$0.id]) }
        let listed = Set(catalog.packs.map(\.id))
        for seedPack in seed.packs where !listed.contains(seedPack.id) {
            packs.append(PackListing(entry: nil, seedPack: seedPack))
        }
        return packs
    }

    /// The sum of the manifest's assets, or "size unknown" without one.
    static func size(_ manifest: Manifest?) -> String {
        manifest.map { PageFormat.size($0.assets.reduce(Int64(0)) { $0 + $1.bytes }) } ?? "size unknown"
    }
}
