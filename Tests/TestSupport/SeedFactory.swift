import CatalogModel
import Foundation

/// Small builders for hand-made seeds in tests.
///
/// ```swift
/// let seed = SeedFactory.seed(version: 1, music: [SeedFactory.music(1, "Into the Dark", tags: TagSet(moods: ["Ominous"]))])
/// ```
public enum SeedFactory {
    /// A deterministic UUID for test entry `n`.
    public static func id(_ n: Int) -> String {
        String(format: "00000000-0000-4000-8000-%012d", n)
    }

    public static func music(_ n: Int, _ title: String, tags: TagSet = TagSet(), subtitle: String? = nil)
        -> Seed.MusicEntry
    {
        Seed.MusicEntry(
            id: id(n), title: title, subtitle: subtitle, duration: 3600, appleMusicPlaylistId: "pl.u-\(n)",
            tags: tags)
    }

    public static func item(
        _ n: Int, _ title: String, order: Int = 0, duration: Double? = 2.5, tags: TagSet = TagSet(),
        subtitle: String? = nil
    ) -> Seed.Item {
        Seed.Item(id: id(n), title: title, subtitle: subtitle, duration: duration, sortOrder: order, tags: tags)
    }

    public static func pack(
        _ n: Int, _ slug: String, kind: Kind, title: String? = nil, version: Int = 1,
        items: [Seed.Item]
    ) -> Seed.Pack {
        Seed.Pack(
            id: id(n), slug: slug, kind: kind, title: title ?? slug.capitalized, version: version,
            manifestURL: "packs/\(id(n))/\(version)/manifest.json", items: items)
    }

    /// A seed whose vocabularies list every tag name used, in first-seen order, after `vocabulary`.
    public static func seed(
        version: Int, vocabulary: [TagDimension: [String]] = [:], music: [Seed.MusicEntry] = [],
        packs: [Seed.Pack] = []
    ) -> Seed {
        var vocab = Vocabularies()
        for dim in TagDimension.allCases { for name in vocabulary[dim] ?? [] { vocab.append(name, to: dim) } }
        for entry in music { add(entry.tags, kind: .music, to: &vocab) }
        for pack in packs { for item in pack.items { add(item.tags, kind: pack.kind, to: &vocab) } }
        return Seed(catalogVersion: version, vocabularies: vocab, music: music, packs: packs)
    }

    private static func add(_ tags: TagSet, kind: Kind, to vocab: inout Vocabularies) {
        for (dim, names) in tags.byDimension(for: kind) { for name in names { vocab.append(name, to: dim) } }
    }
}
