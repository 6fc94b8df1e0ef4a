import CatalogModel
import Foundation
import TestSupport

/// The demo catalog plus two big sfx packs (`crash-big-a`, `crash-big-b`: 8 WAV files of 1 MiB
/// each, ~8 MiB archives), published once per test process by the real `catalog publish`.
final class BigPackCatalog: Sendable {
    struct Pack: Sendable {
        let id: String
        let slug: String
        let manifest: Manifest
        var archiveBytes: Int64 { manifest.archive?.bytes ?? 0 }
        var archiveSHA256: String { manifest.archive?.sha256.lowercased() ?? "" }
        /// `/packs/<id>/<v>/pack.tar`, the request path of the archive.
        var archivePath: String { "/packs/\(id)/\(manifest.version)/pack.tar" }
    }

    static let filesPerPack = 8
    static let bytesPerFile = 1 << 20

    let tmp: TemporaryDirectory
    let dist: URL
    let a: Pack
    let b: Pack

    private static let cached = Result<BigPackCatalog, any Error> { try BigPackCatalog() }

    /// The shared, built-once catalog.
    static func shared() throws -> BigPackCatalog { try cached.get() }

    private init() throws {
        tmp = try TemporaryDirectory(prefix: "hardening-catalog")
        ExitCleanup.remove(atExit: tmp.url)
        let source = try DemoCatalog.copyCatalog(into: tmp)
        var ids: [String] = []
        for (n, slug) in ["crash-big-a", "crash-big-b"].enumerated() {
            let id = SeedFactory.id(9_000_000 + n)
            try Self.writePack(in: URL(fileURLWithPath: source).appendingPathComponent("packs/\(slug)"), id: id, slug: slug,
                               number: n)
            ids.append(id)
        }
        dist = tmp.url.appendingPathComponent("dist")
        let result = try ToolRunner.run("catalog", ["publish", dist.path, "--source", source])
        guard result.status == 0 else { throw HardeningError("catalog publish failed: \(result.stderr)") }
        let dist = self.dist
        func load(_ id: String, _ slug: String) throws -> Pack {
            let url = dist.appendingPathComponent("packs/\(id)/1/manifest.json")
            return Pack(id: id, slug: slug, manifest: try CatalogJSON.decode(Manifest.self, from: Data(contentsOf: url), file: url.path))
        }
        a = try load(ids[0], "crash-big-a")
        b = try load(ids[1], "crash-big-b")
    }

    /// A pack folder of `filesPerPack` 16-bit stereo WAV files of pseudo-random samples, and its pack.yaml.
    private static func writePack(in folder: URL, id: String, slug: String, number: Int) throws {
        let audio = folder.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        var yaml = "id: \(id)\nslug: \(slug)\nkind: sfx\ntitle: \"Crash Big \(number)\"\nversion: 1\n"
            + "tags:\n  locations: [\"Underdark\"]\nitems:\n"
        var state = UInt64(0x9E37_79B9_7F4A_7C15) &+ UInt64(number)
        let dataBytes = bytesPerFile - 48   // a multiple of 8 (whole random words)
        for i in 0..<filesPerPack {
            var data = WAVHeader.make(dataBytes: UInt32(dataBytes))
            var words = [UInt64](repeating: 0, count: dataBytes / 8)
            for w in words.indices {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                words[w] = z ^ (z >> 27)
            }
            words.withUnsafeBytes { data.append(contentsOf: $0) }
            try data.write(to: audio.appendingPathComponent("sound-\(i).wav"))
            yaml += "  - id: \(SeedFactory.id(9_100_000 + number * 100 + i))\n    title: \"Crash \(number) sound \(i)\"\n"
                + "    file: audio/sound-\(i).wav\n    tags:\n      themes: [\"Doors & Mechanisms\"]\n"
        }
        try yaml.write(to: folder.appendingPathComponent("pack.yaml"), atomically: true, encoding: .utf8)
    }

    /// A copy of the published catalog whose seed also lists `items` synthetic items (in packs
    /// that are in the seed only), so a sync of it is a big write while the real packs stay
    /// installable. Returns the folder (catalog.json, seeds/, packs/).
    /// With `catalogVersion` 2 and `retitled`, every synthetic title changes (a big update);
    /// publishing into a folder that already holds the catalog replaces its catalog.json.
    @discardableResult
    func withSyntheticItems(_ items: Int, into folder: URL, catalogVersion: Int = 1, retitled: Bool = false) throws
        -> SyntheticSeed.Counts {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("packs").path) {
            try FileManager.default.copyItem(at: dist.appendingPathComponent("packs"), to: folder.appendingPathComponent("packs"))
        }
        let catalogData = try Data(contentsOf: dist.appendingPathComponent("catalog.json"))
        var document = try CatalogJSON.decode(CatalogDocument.self, from: catalogData, file: "catalog.json")
        let seedURL = dist.appendingPathComponent(document.seed.url)
        var seed = try CatalogJSON.decode(Seed.self, from: Data(contentsOf: seedURL), file: seedURL.path)
        var synthetic = SyntheticSeed(items: items).seed()
        if retitled {
            for p in synthetic.packs.indices {
                for i in synthetic.packs[p].items.indices { synthetic.packs[p].items[i].title += " v\(catalogVersion)" }
            }
        }
        seed.catalogVersion = catalogVersion
        document.catalogVersion = catalogVersion
        for dim in TagDimension.allCases {
            for entry in synthetic.vocabularies.entries(for: dim) { seed.vocabularies.append(entry.name, to: dim) }
        }
        seed.music += synthetic.music
        seed.packs += synthetic.packs
        let bytes = try CatalogJSON.encode(seed)
        let sha = SHA256Digest.hex(of: bytes)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("seeds"), withIntermediateDirectories: true)
        try bytes.write(to: folder.appendingPathComponent("seeds/\(sha).json"))
        document.seed = FileReference(url: "seeds/\(sha).json", sha256: sha, bytes: Int64(bytes.count))
        try CatalogJSON.encode(document).write(to: folder.appendingPathComponent("catalog.json"), options: .atomic)
        return SyntheticSeed.Counts(seed)
    }
}

enum WAVHeader {
    static func make(dataBytes: UInt32) -> Data {
        var d = Data("RIFF".utf8)
        func le32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func le16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        le32(36 + dataBytes); d.append(contentsOf: Array("WAVEfmt ".utf8)); le32(16)
        le16(1); le16(2); le32(48_000); le32(48_000 * 4); le16(4); le16(16)
        d.append(contentsOf: Array("data".utf8)); le32(dataBytes)
        return d
    }
}

/// A synthetic seed of N items (2% music, the rest in packs of 500 alternating sfx/atmosphere),
/// skewed tag values — the shape of the bench's `SyntheticCatalog`.
struct SyntheticSeed {
    var items: Int

    struct Counts: Sendable, Equatable {
        var music = 0, atmosphere = 0, sfx = 0
        init(_ seed: Seed) {
            music = seed.music.count
            for pack in seed.packs {
                switch pack.kind {
                case .sfx: sfx += pack.items.count
                case .atmosphere: atmosphere += pack.items.count
                case .music: music += pack.items.count
                }
            }
        }
    }

    static let sizes: [TagDimension: Int] = [.location: 40, .mood: 30, .musicTheme: 120, .atmosphereTheme: 200,
                                             .sfxTheme: 300, .creatureType: 25]

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

    static func name(_ dim: TagDimension, _ i: Int) -> String { "Synthetic \(dim.displayName.capitalized) \(i)" }

    private func tags(kind: Kind, _ rng: inout Generator) -> TagSet {
        var tags = TagSet()
        for dim in kind.dimensions {
            let count = Int.random(in: 0...(dim == .mood ? 2 : 3), using: &rng)
            let size = Self.sizes[dim]!
            let names = Set((0..<count).map { _ -> String in
                let u = Double.random(in: 0..<1, using: &rng)
                return Self.name(dim, min(size - 1, Int(pow(u, 2.5) * Double(size))))
            })
            tags[dim.tagsKey] = names.sorted()
        }
        return tags
    }

    func seed() -> Seed {
        var rng = Generator(state: 42)
        var vocab = Vocabularies()
        for dim in TagDimension.allCases {
            vocab.setEntries((0..<Self.sizes[dim]!).map { .init(name: Self.name(dim, $0), sortOrder: 1000 + $0) }, for: dim)
        }
        let musicCount = max(1, items / 50)
        var n = 20_000_000
        var music: [Seed.MusicEntry] = []
        for i in 0..<musicCount {
            music.append(Seed.MusicEntry(id: SeedFactory.id(n), title: "Synthetic playlist \(i)", duration: Double(600 + i % 3000),
                                         appleMusicPlaylistId: "pl.u-synthetic-\(i)", tags: tags(kind: .music, &rng)))
            n += 1
        }
        var packs: [Seed.Pack] = []
        var remaining = items - musicCount
        while remaining > 0 {
            let p = packs.count, kind: Kind = p % 2 == 0 ? .sfx : .atmosphere, size = min(500, remaining)
            var packItems: [Seed.Item] = []
            packItems.reserveCapacity(size)
            for i in 0..<size {
                packItems.append(Seed.Item(id: SeedFactory.id(n), title: "Synthetic \(n % 9973) \(i)",
                                           subtitle: i % 4 == 0 ? "Take \(i)" : nil,
                                           duration: Double(Int.random(in: 1...600, using: &rng)) / 4, sortOrder: i,
                                           tags: tags(kind: kind, &rng)))
                n += 1
            }
            let id = SeedFactory.id(30_000_000 + p)
            packs.append(Seed.Pack(id: id, slug: "synthetic-\(p)", kind: kind, title: "Synthetic pack \(p)", version: 1,
                                   manifestURL: "packs/\(id)/1/manifest.json", items: packItems))
            remaining -= size
        }
        return Seed(catalogVersion: 1, vocabularies: vocab, music: music, packs: packs)
    }
}
