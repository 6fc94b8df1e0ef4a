import CatalogModel
import Crypto
import Foundation
import Mustache

/// Renders the human-browsable pages of a published catalog: `index.html`, the top page (the
/// catalog's music, a row per pack, the tags with their counts, the licenses), from
/// `index.html.mustache`, and a page per pack, `pages/<packId>.html` (its items with previews and
/// credits), from `pack.html.mustache` — with the partials they name (`{{> page-tags}}` is
/// `page-tags.mustache`). The templates are those built into the tools (generated from the
/// repository's `templates/`), or the ones in a folder an author customised; a folder without
/// `pack.html.mustache` gets the built-in pack page.
///
/// The pages are plain HTML5 with inline CSS, no scripts and no external resources; every link is
/// relative, so they work over HTTP and from `file://`. All text from the documents is
/// HTML-escaped. The top page grows with the packs, not with the items.
///
/// ```swift
/// let pages = try CatalogPage(templatesDirectory: nil)
/// let html = pages.render(catalog: catalog, seed: seed, manifests: [manifest.packId: manifest])
/// let packPage = pages.renderPack(packId: manifest.packId, catalog: catalog, seed: seed, manifest: manifest)
/// ```
public struct CatalogPage: Sendable {
    /// The top page template's file name inside the templates folder.
    public static let templateName = "index.html.mustache"
    /// The pack page template's file name inside the templates folder.
    public static let packTemplateName = "pack.html.mustache"

    private let top: PageTemplate
    private let pack: PageTemplate

    /// Loads the templates from `templatesDirectory`, or the built-in ones when nil.
    /// - Throws: ``CatalogPageError`` when a template or a partial it uses is missing or invalid.
    public init(templatesDirectory: String? = nil) throws {
        let files = TemplateFiles(directory: templatesDirectory)
        top = try PageTemplate.load(Self.templateName, from: files)
        pack = try PageTemplate.load(
            Self.packTemplateName, from: files.has(Self.packTemplateName) ? files : TemplateFiles(directory: nil))
    }

    /// The path of a pack's page in the published folder.
    public static func packPagePath(packId: String) -> String { "pages/\(packId).html" }

    /// The top page, `index.html`. `manifests` is keyed by pack id.
    public func render(catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest]) -> String {
        top.render(PageModel.build(catalog: catalog, seed: seed, manifests: manifests))
    }

    /// The top page from `document`'s header and the packs' summaries gathered in `parts`.
    func render(document: CatalogDocument, vocabularies: Vocabularies, parts: TopPageParts) -> String {
        top.render(PageModel.build(document: document, vocabularies: vocabularies, parts: parts))
    }

    /// The page of the pack `packId` (its line in `catalog`, its items in `seed`).
    public func renderPack(packId: String, catalog: CatalogDocument, seed: Seed, manifest: Manifest?) -> String {
        let listing = PackListing(
            entry: catalog.packs.first { $0.id == packId }, seedPack: seed.packs.first { $0.id == packId })
        return renderPack(listing, manifest: manifest, catalogTitle: catalog.title)
    }

    func renderPack(_ listing: PackListing, manifest: Manifest?, catalogTitle: String, key: String? = nil) -> String {
        let key = key ?? packPageKey(listing, manifest: manifest, catalogTitle: catalogTitle)
        return pack.render(
            PackPageModel.build(listing: listing, manifest: manifest, catalogTitle: catalogTitle, key: key))
    }

    /// A digest of everything a pack's page is made from — the templates, the catalog's title, the
    /// pack's line and seed entry, its manifest — which the built-in page carries in its
    /// `generator` line: a page that carries the key of the inputs at hand need not be rendered again.
    /// `packDigest`, when given, stands for the pack's line, seed entry and manifest (the SHA-256 of
    /// its shard line, which holds the seed entry and the manifest's SHA-256).
    func packPageKey(_ listing: PackListing, manifest: Manifest?, catalogTitle: String, packDigest: String? = nil)
        -> String
    {
        var hash = SHA256()
        hash.update(data: Data(pack.digest.utf8))
        var parts = [Data(catalogTitle.utf8)]
        if let packDigest {
            parts.append(Data(packDigest.utf8))
        } else {
            parts += [
                (try? CompactJSON.encode(listing.entry)) ?? Data(),
                (try? CompactJSON.encode(listing.seedPack)) ?? Data(),
                (try? CompactJSON.encode(manifest)) ?? Data(),
            ]
        }
        for part in parts {
            hash.update(data: Data("\(part.count):".utf8))
            hash.update(data: part)
        }
        return SHA256Digest.hex(hash.finalize())
    }

    /// Renders the top page with the templates in `templatesDirectory` (nil: the built-in ones).
    public static func render(
        catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest], templatesDirectory: String? = nil
    ) throws -> String {
        try CatalogPage(templatesDirectory: templatesDirectory).render(
            catalog: catalog, seed: seed, manifests: manifests)
    }
}
