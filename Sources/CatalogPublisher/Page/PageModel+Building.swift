import CatalogModel
import Licenses

extension PageModel {
    /// Builds the top page's view model from the published documents. `manifests` is keyed by
    /// pack id; a pack without a manifest is listed without its size.
    static func build(catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest]) -> PageModel {
        build(
            document: catalog, vocabularies: seed.vocabularies,
            parts: TopPageParts(catalog: catalog, seed: seed, manifests: manifests))
    }

    /// Builds the top page's view model from `document`'s header (title, version, dates, seed or
    /// index URL; its packs are not read) and the packs' summaries gathered in `parts`.
    static func build(document: CatalogDocument, vocabularies: Vocabularies, parts: TopPageParts) -> PageModel {
        PageModel(
            title: document.title,
            catalogVersion: document.catalogVersion,
            generatedAt: document.generatedAt,
            generatedText: PageFormat.timestamp(document.generatedAt),
            expiresAt: document.expires,
            expiresText: document.expires.map(PageFormat.timestamp),
            catalogURL: "catalog.json",
            seedURL: PageLinks.resolve(document.seed.url),
            summary: [
                PageFormat.count(parts.music.count, "playlist"), PageFormat.count(parts.rows.count, "pack"),
                PageFormat.count(parts.itemTotal, "item"),
            ].joined(separator: " · "),
            music: parts.music.map(music),
            packs: parts.rows,
            vocabularies: TagDimension.allCases.map { dimension in
                DimensionView(
                    anchor: "vocabulary-" + dimension.rawValue, name: dimension.displayName,
                    key: dimension.vocabularyKey,
                    values: parts.usage.values(dimension, vocabularies: vocabularies))
            },
            credits: parts.licenses)
    }

    private static func music(_ entry: Seed.MusicEntry) -> MusicView {
        MusicView(
            title: entry.title, musicSubtitle: entry.subtitle, musicDuration: entry.duration.map(PageFormat.duration),
            appleMusicPlaylistId: entry.appleMusicPlaylistId, tags: tagGroups(entry.tags, kind: .music))
    }

    static func tagGroups(_ tags: TagSet, kind: Kind) -> [TagGroupView] {
        tags.byDimension(for: kind).map { TagGroupView(dimension: $0.0.displayName, names: $0.1) }
    }
}

extension PackPageModel {
    /// Builds a pack's page: `entry` is its line in catalog.json, `seedPack` its items (either may
    /// be missing: the page shows what the other says).
    static func build(listing: PackListing, manifest: Manifest?, catalogTitle: String, key: String) -> PackPageModel {
        let manifestURL = listing.manifestURL
        let items = (listing.seedPack?.items ?? [])
            .enumerated()
            .sorted { ($0.element.sortOrder, $0.offset) < ($1.element.sortOrder, $1.offset) }
            .map { item(at: $0.element, kind: listing.kind, manifest: manifest, manifestURL: manifestURL) }
        // catalog.json's archive URL is relative to the catalog; the manifest's to the manifest.
        let archiveURL =
            listing.entry?.archive.flatMap { PageLinks.resolve($0.url) }
            ?? manifest?.archive.flatMap { PageLinks.resolve($0.url, against: manifestURL) }
        return PackPageModel(
            pageKey: key, catalogTitle: catalogTitle, title: listing.title, kind: listing.kind.rawValue,
            version: listing.version, size: PackListing.size(manifest),
            itemCount: PageFormat.count(items.count, "item"), packDescription: listing.seedPack?.description,
            manifestURL: PageLinks.resolve(manifestURL).map(PageLinks.fromPages),
            archiveURL: archiveURL.map(PageLinks.fromPages), items: items,
            credits: CreditSectionView.sections(listing.seedPack?.items ?? []))
    }

    private static func item(at item: Seed.Item, kind: Kind, manifest: Manifest?, manifestURL: String) -> ItemView {
        let asset = manifest?.assets.first { $0.itemId == item.id }
        let audio = asset.flatMap { asset in
            PageLinks.resolve(asset.url, against: manifestURL).map {
                AudioView(url: PageLinks.fromPages($0), codec: asset.codec)
            }
        }
        let duration = item.duration ?? asset?.duration
        return ItemView(
            title: item.title, itemSubtitle: item.subtitle, itemDuration: duration.map(PageFormat.duration),
            tags: PageModel.tagGroups(item.tags, kind: kind), audio: audio, itemLicense: item.license,
            nonCommercial: item.license.flatMap { LicenseList.builtIn.info(for: $0)?.isNonCommercial } ?? false)
    }
}
