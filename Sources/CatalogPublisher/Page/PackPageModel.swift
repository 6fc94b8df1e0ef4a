/// The view model of `templates/pack.html.mustache`, a pack's own page (`pages/<packId>.html`):
/// the pack version with its items, their previews and the credits of its items. Of the catalog
/// it holds only the title, so the page changes only when the pack (or that title) does, and a
/// publish rewrites only the pages of the packs that changed.
///
/// Links are relative to the `pages/` folder (`../packs/<id>/<version>/manifest.json`).
///
/// ```swift
/// let model = PackPageModel.build(pack: seedPack, entry: entry, manifest: manifest, catalogTitle: "Demo", key: k)
/// model.items.first?.audio?.url   // "../packs/<id>/1/assets/<assetId>.aac"
/// ```
struct PackPageModel {
    /// Names the inputs the page was rendered from (see ``CatalogPage/packPageKey(pack:entry:manifest:catalogTitle:)``).
    var pageKey: String
    var catalogTitle: String
    var title: String
    var kind: String
    var version: Int
    var size: String
    var itemCount: String
    var packDescription: String?
    var manifestURL: String?
    var archiveURL: String?
    var items: [ItemView]
    /// The pack's credited items grouped by license.
    var credits: [CreditSectionView]
}
