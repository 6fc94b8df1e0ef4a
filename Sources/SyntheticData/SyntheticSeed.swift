import CatalogModel
import Foundation

/// A synthetic seed of N items shaped like a real catalog: random UUIDs (v4, drawn from the
/// seed, so ids arrive in no order), 2 % music, the rest in packs of 100 alternating sfx and
/// atmosphere, tag values skewed (a few very common, many rare; 25–300 values per dimension), and,
/// with ``Detail/full``, every field `packer build` writes: loudness, 256-byte peaks, license,
/// credits and source, a loop region on atmospheres, and three takes with a playback rule on
/// 15 % of the items. Deterministic for a given `rngSeed`. Used by the benchmarks and the
/// hardening tests.
///
/// ```swift
/// let seed = SyntheticSeed(items: 100_000).seed()                  // about 1.9 KB of seed per item
/// let lean = SyntheticSeed(items: 20_000, detail: .lean).seed()    // titles and tags only
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

    /// How much of an item the generator fills in.
    public enum Detail: Sendable {
        /// Everything a built pack's seed holds (the benchmarks' catalogs).
        case full
        /// Titles, durations and tags only (tests that need many items quickly).
        case lean
    }

    public var items: Int
    public var style: Style
    public var rngSeed: UInt64
    public var detail: Detail
    /// Items per pack.
    public var packSize = 100

    public init(items: Int, style: Style = .plain, rngSeed: UInt64 = 42, detail: Detail = .full) {
        self.items = items
        self.style = style
        self.rngSeed = rngSeed
        self.detail = detail
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

    /// The canonical id of number `n`: a random-looking UUID v4 drawn from `n`, the same on every
    /// run, in no order (`id(1) < id(2)` as often as not), as real catalogs' ids are.
    public static func id(_ n: Int) -> String {
        var state = UInt64(bitPattern: Int64(n)) ^ 0x5DEE_CE66_D1CE_5EED
        let high = SplitMix64Step.next(&state)
        let low = SplitMix64Step.next(&state)
        let a = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x4000  // version 4
        let b = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC 4122 variant
        let hex = String(format: "%016llx%016llx", a, b)
        let c = Array(hex)
        return String(c[0..<8]) + "-" + String(c[8..<12]) + "-" + String(c[12..<16]) + "-" + String(c[16..<20])
            + "-" + String(c[20..<32])
    }

    public func name(_ dim: TagDimension, _ i: Int) -> String {
        let plain = "\(dim.displayName.capitalized) \(i)"
        return style.label.map { "\($0) \(plain)" } ?? plain
    }

    func tags(kind: Kind, _ rng: inout SplitMix64) -> TagSet {
        var tags = TagSet()
        for dim in kind.dimensions {
            let count = Int.random(in: 0...(dim == .mood ? 2 : 3), using: &rng)
            let names = Set((0..<count).map { _ in name(dim, Self.skewed(Self.sizes[dim]!, &rng)) })
            tags[dim.tagsKey] = names.sorted()
        }
        return tags
    }

    /// How many music entries the catalog has (2 %, at least one).
    public var musicCount: Int { max(1, items / 50) }

    /// The whole seed in memory.
    public func seed() -> Seed {
        var seed = header()
        forEachPack { seed.packs.append($0) }
        return seed
    }

    /// Everything but the packs: vocabularies, music entries and loudness targets.
    public func header() -> Seed {
        var rng = SplitMix64(seed: rngSeed)
        var vocab = Vocabularies()
        for dim in TagDimension.allCases {
            vocab.setEntries(
                (0..<Self.sizes[dim]!).map { .init(name: name(dim, $0), sortOrder: style.sortOrderBase + $0) }, for: dim
            )
        }
        let label = style.label
        let music = (0..<musicCount).map { i in
            Seed.MusicEntry(
                id: Self.id(style.firstItemNumber + i), title: label.map { "\($0) playlist \(i)" } ?? "Playlist \(i)",
                duration: Double(600 + i % 3000),
                appleMusicPlaylistId: "pl.u-" + (label.map { "\($0.lowercased())-" } ?? "") + "\(i)",
                tags: tags(kind: .music, &rng))
        }
        var seed = Seed(catalogVersion: 1, vocabularies: vocab, music: music, packs: [])
        if detail == .full { seed.loudness = LoudnessTargets(atmosphere: -24, sfx: -18) }
        return seed
    }

    /// The packs in order, made one at a time (a million items never sit in memory at once).
    public func forEachPack(_ body: (Seed.Pack) throws -> Void) rethrows {
        var remaining = items - musicCount
        var n = style.firstItemNumber + musicCount
        var p = 0
        while remaining > 0 {
            let size = min(packSize, remaining)
            try body(pack(p, firstItem: n, size: size))
            n += size
            remaining -= size
            p += 1
        }
    }

    /// Pack `p`, whose items are numbered from `firstItem`.
    func pack(_ p: Int, firstItem: Int, size: Int) -> Seed.Pack {
        var rng = SplitMix64(seed: rngSeed &+ 0x9E37 &* UInt64(p + 1))
        let kind: Kind = p % 2 == 0 ? .sfx : .atmosphere
        let label = style.label
        let items = (0..<size).map { i in
            let n = firstItem + i
            var item = Seed.Item(
                id: Self.id(n), title: "\(label ?? "Sound") \(n % 9973) \(i)",
                subtitle: i % 4 == 0 ? "Take \(i)" : nil,
                duration: Double(Int.random(in: 1...600, using: &rng)) / 4, sortOrder: i,
                tags: tags(kind: kind, &rng))
            if detail == .full { SyntheticSound.fill(&item, kind: kind, &rng) }
            return item
        }
        let id = Self.id(style.firstPackNumber + p)
        return Seed.Pack(
            id: id, slug: "\(label?.lowercased() ?? "pack")-\(p)", kind: kind,
            title: label.map { "\($0) pack \(p)" } ?? "Pack \(p)", version: 1,
            manifestURL: "packs/\(id)/1/manifest.json", items: items)
    }
}
