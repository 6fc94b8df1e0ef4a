import CatalogModel
import Licenses

extension PageModel {
    /// Builds the page's view model from the published documents. `manifests` is keyed by pack
    /// id; a pack without a manifest is listed without sizes or previews.
    static func build(catalog: CatalogDocument, seed: Seed, manifests: [String: Manifest]) -> PageModel {
        let usage = TagUsage(seed: seed)
        let seedPacks = Dictionary(seed.packs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var packs = catalog.packs.map { entry in
            pack(entry: entry, seedPack: seedPacks[entry.id], manifest: manifests[entry.id])
        }
        // A pack the seed lists but catalog.json does not is still shown, after the others.
        let listed = Set(catalog.packs.map(\.id))
        for seedPack in seed.packs where !listed.contains(seedPack.id) {
            packs.append(pack(entry: nil, seedPack: seedPack, manifest: manifests[seedPack.id]))
        }
        let itemTotal = packs.reduce(0) { $0 + $1.items.count }
        var model = PageModel(
            title: catalog.title,
            catalogVersion: catalog.catalogVersion,
            generatedAt: catalog.generatedAt,
            generatedText: PageFormat.timestamp(catalog.generatedAt),
            expiresAt: catalog.expires,
            expiresText: catalog.expires.map(PageFormat.timestamp),
            catalogURL: "catalog.json",
            seedURL: PageLinks.resolve(catalog.seed.url),
            summary: [
                PageFormat.count(seed.music.count, "playlist"), PageFormat.count(packs.count, "pack"),
                PageFormat.count(itemTotal, "item"),
            ].joined(separator: " · "),
            music: seed.music.map(music),
            packs: packs,
            vocabularies: TagDimension.allCases.map { dimension in
                DimensionView(
                    anchor: "vocabulary-" + dimension.rawValue, name: dimension.displayName,
                    key: dimension.vocabularyKey,
                    values: usage.values(dimension, vocabularies: seed.vocabularies))
            })
        model.credits = CreditSectionView.sections(seed)
        return model
    }

    private static func music(_ entry: Seed.MusicEntry) -> MusicView {
        MusicView(
            title: entry.title, musicSubtitle: entry.subtitle, musicDuration: entry.duration.map(PageFormat.duration),
            appleMusicPlaylistId: entry.appleMusicPlaylistId, tags: tagGroups(entry.tags, kind: .music))
    }

    private static func pack(entry: CatalogDocument.PackEntry?, seedPack: Seed.Pack?, manifest: Manifest?) -> PackView {
        let id = entry?.id ?? seedPack?.id ?? manifest?.packId ?? ""
        let kind = entry?.kind ?? seedPack?.kind ?? manifest?.kind ?? .sfx
        let version = entry?.version ?? seedPack?.version ?? manifest?.version ?? 1
        let manifestURL = PageLinks.manifestURL(
            packId: id, version: version, catalogURL: entry?.manifest.url,
            seedURL: seedPack?.manifestURL)
        let items = (seedPack?.items ?? [])
            .enumerated()
            .sorted { ($0.element.sortOrder, $0.offset) < ($1.element.sortOrder, $1.offset) }
            .map { item(at: $0.element, kind: kind, manifest: manifest, manifestURL: manifestURL) }
        let bytes = manifest.map { $0.assets.reduce(Int64(0)) { $0 + $1.bytes } }
        // catalog.json's archive URL is relative to the catalog; the manifest's to the manifest.
        let archiveURL =
            entry?.archive.flatMap { PageLinks.resolve($0.url) }
            ?? manifest?.archive.flatMap { PageLinks.resolve($0.url, against: manifestURL) }
        return PackView(
            anchor: PageFormat.anchor("pack", id),
            title: entry?.title ?? seedPack?.title ?? manifest?.title ?? id,
            kind: kind.rawValue,
            version: version,
            size: bytes.map(PageFormat.size) ?? "size unknown",
            itemCount: PageFormat.count(items.count, "item"),
            packDescription: seedPack?.description,
            manifestURL: PageLinks.resolve(manifestURL),
            archiveURL: archiveURL,
            items: items)
    }

    private static func item(at item: Seed.Item, kind: Kind, manifest: Manifest?, manifestURL: String) -> ItemView {
        let asset = manifest?.assets.first { $0.itemId == item.id }
        let audio = asset.flatMap { asset in
            PageLinks.resolve(asset.url, against: manifestURL).map { AudioView(url: $0, codec: asset.codec) }
        }
        let duration = item.duration ?? asset?.duration
        return ItemView(
            title: item.title, itemSubtitle: item.subtitle, itemDuration: duration.map(PageFormat.duration),
            tags: tagGroups(item.tags, kind: kind), audio: audio, itemLicense: item.license,
            nonCommercial: item.license.flatMap { LicenseList.builtIn.info(for: $0)?.isNonCommercial } ?? false)
    }

    private static func tagGroups(_ tags: TagSet, kind: Kind) -> [TagGroupView] {
        tags.byDimension(for: kind).map { TagGroupView(dimension: $0.0.displayName, names: $0.1) }
    }
}
