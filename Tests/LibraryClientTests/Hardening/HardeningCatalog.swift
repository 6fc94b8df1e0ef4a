import CatalogModel
import Foundation
import SyntheticData
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
            try Self.writePack(
                in: URL(fileURLWithPath: source).appendingPathComponent("packs/\(slug)"), id: id, slug: slug,
                number: n)
            ids.append(id)
        }
        dist = tmp.url.appendingPathComponent("dist")
        let result = try ToolRunner.run("catalog", ["publish", dist.path, "--source", source, "--schema-version", "1"])
        guard result.status == 0 else { throw HardeningError("catalog publish failed: \(result.stderr)") }
        let dist = self.dist
        func load(_ id: String, _ slug: String) throws -> Pack {
            let url = dist.appendingPathComponent("packs/\(id)/1/manifest.json")
            return Pack(
                id: id, slug: slug,
                manifest: try CatalogJSON.decode(Manifest.self, from: Data(contentsOf: url), file: url.path))
        }
        a = try load(ids[0], "crash-big-a")
        b = try load(ids[1], "crash-big-b")
    }

    /// A pack folder of `filesPerPack` 16-bit stereo WAV files of pseudo-random samples, and its pack.yaml.
    private static func writePack(in folder: URL, id: String, slug: String, number: Int) throws {
        let audio = folder.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        var yaml =
            "id: \(id)\nslug: \(slug)\nkind: sfx\ntitle: \"Crash Big \(number)\"\nversion: 1\n"
            + "tags:\n  locations: [\"Underdark\"]\nitems:\n"
        var state = UInt64(0x9E37_79B9_7F4A_7C15) &+ UInt64(number)
        let dataBytes = bytesPerFile - 48  // a multiple of 8 (whole random words)
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
            yaml +=
                "  - id: \(SeedFactory.id(9_100_000 + number * 100 + i))\n    title: \"Crash \(number) sound \(i)\"\n"
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
        -> SyntheticSeed.Counts
    {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("packs").path) {
            try FileManager.default.copyItem(
                at: dist.appendingPathComponent("packs"), to: folder.appendingPathComponent("packs"))
        }
        let catalogData = try Data(contentsOf: dist.appendingPathComponent("catalog.json"))
        var document = try CatalogJSON.decode(CatalogDocument.self, from: catalogData, file: "catalog.json")
        let seedURL = dist.appendingPathComponent(document.seed.url)
        var seed = try CatalogJSON.decode(Seed.self, from: Data(contentsOf: seedURL), file: seedURL.path)
        var synthetic = SyntheticSeed.hardening(items: items).seed()
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
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("seeds"), withIntermediateDirectories: true)
        try bytes.write(to: folder.appendingPathComponent("seeds/\(sha).json"))
        document.seed = FileReference(url: "seeds/\(sha).json", sha256: sha, bytes: Int64(bytes.count))
        try CatalogJSON.encode(document).write(to: folder.appendingPathComponent("catalog.json"), options: .atomic)
        return SyntheticSeed.Counts(seed)
    }
}

/// The item counts of a seed per kind, for checking what a sync left behind.
extension SyntheticSeed {
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

    /// The hardening tests' synthetic items: names, ids and slugs apart from the demo catalog's;
    /// every field a built pack writes in the slow run (`scripts/crash-tests`), titles and tags in
    /// the normal suite (random ids in both).
    static func hardening(items: Int) -> SyntheticSeed {
        SyntheticSeed(items: items, style: .labelled("Synthetic"), detail: slowTestsEnabled ? .full : .lean)
    }
}
