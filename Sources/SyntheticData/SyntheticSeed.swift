import CatalogModel
import Foundation

/// A synthetic seed of N items: 2 % music, the rest in packs of 500 alternating sfx and
/// atmosphere, tag values skewed (a few very common, many rare), 25–300 values per dimension.
/// Deterministic for a given `rngSeed`. Used by the benchmarks and the hardening tests.
///
/// ```swift
/// let seed = SyntheticSeed(items: 100_000).seed()
/// let extra = SyntheticSeed(items: 20_000, style: .labelled("Synthetic")).seed()   // other ids and names
/// ```
public struct SyntheticSeed: Sendable {
    /// Names, ids and numbering, so a second synthetic catalog can sit beside another one.
    public struct Style: Sendable {
        /// Prefix of names and titles (nil: plain names like "Mood 3", "Pack 2").
        public var label: String?
        public var sortOrderBase: Int
        public var firstItemNumber: Int
        public var firstPackNumber: Int

        public static let plain = Style(label: nil, sortOrderBase: 0, firstItemNumber: 1, firstPackNumber: 10_000_000)

        public static func labelled(_ label: String) -> Style {
            Style(label: label, sortOrderBase: 1000, firstItemNumber: 20_000_000, firstPackNumber: 30_000_000)
        }
    }

    public var items: Int
    public var style: Style
    public var rngSeed: UInt64

    public init(items: Int, style: Style = .plain, rngSeed: UInt64 = 42) {
        self.items = items
        self.style = style
        self.rngSeed = rngSeed
    }

    public static let sizes: [TagDimension: Int] = [
        .location: 40, .mood: 30, .musicTheme: 120, .atmosphereTheme: 200,
        .sfxTheme: 300, .creatureType: 25,
    ]

    /// A skewed pick: low indexes are much more frequent (values follow roughly a power law).
    public static func skewed(_ count: Int, _ rng: inout SplitMix64) -> Int {
        let u = Double.random(in: 0..<1, using: &rng)
        return min(count - 1, Int(pow(u, 2.5) * Double(count)))
    }

    /// The canonical id of number `n` (`00000000-0000-4000-8000-<n>`).
    public static func id(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }

    public func name(_ dim: TagDimension, _ i: Int) -> String {
        let plain = "\(dim.displayName.capitalized) \(i)"
        return style.label.map { "\($0) \(plain)" } ?? plain
    }

    private func tags(kind: Kind, _ rng: inout SplitMix64) -> TagSet {
        var tags = TagSet()
        for dim in kind.dimensions {
            let count = Int.random(in: 0...(dim == .mood ? 2 : 3), using: &rng)
            let names = Set((0..<count).map { _ in name(dim, Self.skewed(Self.sizes[dim]!, &rng)) })
            tags[dim.tagsKey] = names.sorted()
        }
        return tags
    }

    public func seed() -> Seed {
        var rng = SplitMix64(seed: rngSeed)
        var vocab = Vocabularies()
        for dim in TagDimension.allCases {
            vocab.setEntries(
                (0..<Self.sizes[dim]!).map { .init(name: name(dim, $0), sortOrder: style.sortOrderBase + $0) }, for: dim
            )
        }
        let label = style.label
        let musicCount = max(1, items / 50)
        var n = style.firstItemNumber
        var music: [Seed.MusicEntry] = []
        for i in 0..<musicCount {
            music.append(
                Seed.MusicEntry(
                    id: Self.id(n), title: label.map { "\($0) playlist \(i)" } ?? "Playlist \(i)",
                    duration: Double(600 + i % 3000),
                    appleMusicPlaylistId: "pl.u-" + (label.map { "\($0.lowercased())-" } ?? "") + "\(i)",
                    tags: tags(kind: .music, &rng)))
            n += 1
        }
        var packs: [Seed.Pack] = []
        var remaining = items - musicCount
        while remaining > 0 {
            let p = packs.count
            let kind: Kind = p % 2 == 0 ? .sfx : .atmosphere
            let size = min(500, remaining)
            var packItems: [Seed.Item] = []
            packItems.reserveCapacity(size)
            for i in 0..<size {
                packItems.append(
                    Seed.Item(
                        id: Self.id(n), title: "\(label ?? "Sound") \(n % 9973) \(i)",
                        subtitle: i % 4 == 0 ? "Take \(i)" : nil,
                        duration: Double(Int.random(in: 1...600, using: &rng)) / 4, sortOrder: i,
                        tags: tags(kind: kind, &rng)))
                n += 1
            }
            let id = Self.id(style.firstPackNumber + p)
            packs.append(
                Seed.Pack(
                    id: id, slug: "\(label?.lowercased() ?? "pack")-\(p)", kind: kind,
                    title: label.map { "\($0) pack \(p)" } ?? "Pack \(p)", version: 1,
                    manifestURL: "packs/\(id)/1/manifest.json", items: packItems))
            remaining -= size
        }
        return Seed(catalogVersion: 1, vocabularies: vocab, music: music, packs: packs)
    }
}
