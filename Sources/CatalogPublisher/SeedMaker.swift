import CatalogModel
import PackBuilder

/// The seed of a validated catalog: vocabularies (initial lists in order, then new names in
/// the order met), music entries, and packs with items whose durations come from the built
/// manifests.
enum SeedMaker {
    static func make(_ catalog: ValidatedCatalog, manifests: [String: Manifest], catalogVersion: Int) -> Seed {
        let base = catalog.catalog.baseURL
        let packs = catalog.packs.map { pack(of: $0, manifest: manifests[$0.id], baseURL: base) }
        return Seed(
            catalogVersion: catalogVersion, vocabularies: catalog.seedVocabularies, music: music(of: catalog.catalog),
            packs: packs, loudness: catalog.catalog.loudness)
    }

    /// The catalog's music entries.
    static func music(of catalog: CatalogSource) -> [Seed.MusicEntry] {
        catalog.music.map {
            Seed.MusicEntry(
                id: $0.id, title: $0.title, subtitle: $0.subtitle, duration: $0.duration,
                artworkURL: $0.artworkURL, appleMusicPlaylistId: $0.appleMusicPlaylistId,
                spotifyPlaylistId: $0.spotifyPlaylistId, tags: $0.tags)
        }
    }

    /// One pack's seed entry, its figures from its built `manifest`.
    static func pack(of pack: PackSource, manifest: Manifest?, baseURL base: String?) -> Seed.Pack {
        // An item's duration is its longest take's; its sound figures are its first take's.
        let durations = Dictionary(
            (manifest?.assets ?? []).map { ($0.itemId, $0.duration) },
            uniquingKeysWith: { a, b in [a, b].compactMap { $0 }.max() })
        let firstTakes = Dictionary(
            (manifest?.assets ?? []).filter { ($0.take ?? 0) == 0 }.map { ($0.itemId, $0) },
            uniquingKeysWith: { a, _ in a })
        let items = pack.items.enumerated().map { i, item in
            let first = firstTakes[item.id]
            var seedItem = Seed.Item(
                id: item.id, title: item.title, subtitle: item.subtitle,
                duration: durations[item.id] ?? nil, sortOrder: i, tags: pack.tags.union(item.tags),
                takes: item.takes.count, playback: item.playback,
                loudness: first?.loudness, loop: first?.loop, peaks: first?.peaks)
            seedItem.attribution = item.attribution.resolved(over: pack.attribution)
            seedItem.ucs = item.ucs
            return seedItem
        }
        let artwork = pack.artwork.map {
            $0.hasPrefix("https://")
                ? $0
                : PublishLayout.url(
                    "packs/\(pack.id)/\(pack.version)/\(PackBuilder.artworkFileName(for: $0))", baseURL: base)
        }
        return Seed.Pack(
            id: pack.id, slug: pack.slug, kind: pack.kind, title: pack.title, description: pack.description,
            artworkURL: artwork, version: pack.version,
            manifestURL: PublishLayout.url(
                PublishLayout.manifestPath(packId: pack.id, version: pack.version), baseURL: base),
            items: items)
    }
}
