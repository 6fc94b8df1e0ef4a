import CatalogModel
import Foundation

/// A synthetic published catalog for benchmarks: N items (2% music, the rest in packs of 500
/// alternating atmosphere/sfx), skewed tag values, ~100–300 values per theme dimension.
///
/// ```swift
/// let folder = try SyntheticCatalog(items: 100_000).write(to: tmp)   // catalog.json + seeds/<sha>.json
/// ```
struct SyntheticCatalog {
    var items: Int
    var seedValue: UInt64 = 42

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let sizes: [TagDimension: Int] = [.location: 40, .mood: 30, .musicTheme: 120, .atmosphereTheme: 200,
                                             .sfxTheme: 300, .creatureType: 25]

    static func name(_ dim: TagDimension, _ i: Int) -> String { "\(dim.displayName.capitalized) \(i)" }

    /// A skewed pick: low indexes are much more frequent (values follow roughly a power law).
    static func skewed(_ count: Int, _ rng: inout Generator) -> Int {
        let u = Double.random(in: 0..<1, using: &rng)
        return min(count - 1, Int(pow(u, 2.5) * Double(count)))
    }

    static func id(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }

    func tags(kind: Kind, _ rng: inout Generator) -> TagSet {
        var tags = TagSet()
        for dim in kind.dimensions {
            let count = Int.random(in: 0...(dim == .mood ? 2 : 3), using: &rng)
            let names = Set((0..<count).map { _ in Self.name(dim, Self.skewed(Self.sizes[dim]!, &rng)) })
            tags[dim.tagsKey] = names.sorted()
        }
        return tags
    }

    func seed() -> Seed {
        var rng = Generator(state: seedValue)
        var vocab = Vocabularies()
        for dim in TagDimension.allCases {
            vocab.setEntries((0..<Self.sizes[dim]!).map { .init(name: Self.name(dim, $0), sortOrder: $0) }, for: dim)
        }
        let musicCount = max(1, items / 50)
        var n = 1
        var music: [Seed.MusicEntry] = []
        for i in 0..<musicCount {
            music.append(Seed.MusicEntry(id: Self.id(n), title: "Playlist \(i)", duration: Double(600 + i % 3000),
                                         appleMusicPlaylistId: "pl.u-\(i)", tags: tags(kind: .music, &rng)))
            n += 1
        }
        var packs: [Seed.Pack] = []
        var remaining = items - musicCount
        while remaining > 0 {
            let p = packs.count, kind: Kind = p % 2 == 0 ? .sfx : .atmosphere, size = min(500, remaining)
            var packItems: [Seed.Item] = []
            packItems.reserveCapacity(size)
            for i in 0..<size {
                packItems.append(Seed.Item(id: Self.id(n), title: "Sound \(n % 9973) \(i)", subtitle: i % 4 == 0 ? "Take \(i)" : nil,
                                           duration: Double(Int.random(in: 1...600, using: &rng)) / 4, sortOrder: i,
                                           tags: tags(kind: kind, &rng)))
                n += 1
            }
            packs.append(Seed.Pack(id: Self.id(10_000_000 + p), slug: "pack-\(p)", kind: kind, title: "Pack \(p)", version: 1,
                                   manifestURL: "packs/\(Self.id(10_000_000 + p))/1/manifest.json", items: packItems))
            remaining -= size
        }
        return Seed(catalogVersion: 1, vocabularies: vocab, music: music, packs: packs)
    }

    /// Writes catalog.json and the seed into `folder`.
    func write(to folder: URL) throws {
        let bytes = try CatalogJSON.encode(seed())
        let sha = SHA256Digest.hex(of: bytes)
        let seeds = folder.appendingPathComponent("seeds")
        try FileManager.default.createDirectory(at: seeds, withIntermediateDirectories: true)
        try bytes.write(to: seeds.appendingPathComponent("\(sha).json"))
        let document = CatalogDocument(catalogVersion: 1, generatedAt: ISO8601.string(Date()), title: "Synthetic \(items)",
                                       expires: nil, seed: FileReference(url: "seeds/\(sha).json", sha256: sha, bytes: Int64(bytes.count)),
                                       packs: [])
        try CatalogJSON.encode(document).write(to: folder.appendingPathComponent("catalog.json"))
    }
}
